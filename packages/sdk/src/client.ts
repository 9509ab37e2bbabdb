// The clinscribe client: one namespace per resource over a typed openapi-fetch transport.
import createClient from 'openapi-fetch';
import { ClinscribeApiError } from './errors.ts';
import type { paths } from './schema.d.ts';
import { type RetryOptions, retryingFetch } from './transport.ts';
import { type AudioInput, audioBlob } from './uploads.ts';
import { type WaitOptions, waitFor } from './wait.ts';

export interface ClinscribeOptions extends RetryOptions {
  /** Where the service answers, e.g. http://localhost:8080 */
  baseUrl: string;
  apiKey: string;
  accountId: string;
  /** A fetch to send requests with (default: the global fetch). */
  fetch?: typeof fetch;
}

type Json<P extends keyof paths, M extends 'post' | 'patch'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Ok<P extends keyof paths, M extends 'get' | 'post' | 'patch' | 'delete'> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { [k: string]: infer B } } }
    ? B
    : R extends { 201: { content: { [k: string]: infer B } } }
      ? B
      : R extends { 202: { content: { [k: string]: infer B } } }
        ? B
        : never
  : never;

export type NoteCreateBody = Json<'/v1/notes', 'post'>;
export type Note = Ok<'/v1/notes/{noteId}', 'get'>['data'];
export type Coding = Ok<'/v1/codings/{id}', 'get'>['data'];
export type Transcription = Ok<'/v2/audio/transcriptions/{id}', 'get'>['data'];
export type TemplateJob = Ok<'/alpha/note-templates/{id}', 'get'>['data'];
export type ConsensusJob = Ok<'/alpha/consensus/{id}', 'get'>['data'];
export type WebhookEndpoint = Ok<'/v1/webhooks/{id}', 'get'>['data'];
/** A FHIR R4 Bundle (see @medplum/fhirtypes for full types). */
/** A job record once it has completed: its `result` is the success shape, never the failure. */
export type Completed<T extends { result?: unknown }> = Omit<T, 'result'> & { result: Exclude<NonNullable<T['result']>, { error: string }> };

export type FhirBundle = { resourceType: 'Bundle'; type: string; entry?: { fullUrl?: string; resource?: Record<string, unknown> }[]; [key: string]: unknown };

export interface TranscriptionCreate {
  audio: AudioInput;
  language?: string;
  encoding?: string;
  multichannel?: boolean;
  dictation?: boolean;
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a 2xx answer, or a ClinscribeApiError. */
async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ClinscribeApiError(response.status, error, response.headers.get('x-request-id') ?? undefined);
  return data as T;
}

const jobState = (job: { status: string; result?: unknown }) => {
  const error = typeof job.result === 'object' && job.result !== null ? (job.result as { error?: unknown }).error : undefined;
  return { status: job.status, failure: typeof error === 'string' ? error : undefined };
};

export class Clinscribe {
  private readonly http;

  constructor(options: ClinscribeOptions) {
    const headers = { 'x-api-key': options.apiKey, 'x-account-id': options.accountId, authorization: `Bearer ${options.apiKey}` };
    this.http = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: retryingFetch(headers, options, options.fetch) });
  }

  readonly notes = {
    create: (body: NoteCreateBody) => unwrap(this.http.POST('/v1/notes', { body })).then((r) => r.data),
    get: (noteId: string) => unwrap(this.http.GET('/v1/notes/{noteId}', { params: { path: { noteId } } })).then((r) => r.data),
    delete: (noteId: string) => unwrap(this.http.DELETE('/v1/notes/{noteId}', { params: { path: { noteId } } })).then((r) => r.data),
    /** Creates the note and polls until it is completed (or throws ClinscribeJobFailedError). */
    createAndWait: async (body: NoteCreateBody, options?: WaitOptions): Promise<Note> => {
      const { noteId } = await this.notes.create(body);
      return waitFor(noteId, () => this.notes.get(noteId), (n) => ({ status: n.status, failure: n.error }), options);
    },
    /** The completed note as a FHIR R4 document Bundle. */
    fhir: (noteId: string) => unwrap(this.http.GET('/v1/notes/{noteId}/fhir', { params: { path: { noteId } } })) as Promise<FhirBundle>,
  };

  readonly codings = {
    create: (body: Json<'/v1/codings', 'post'>) => unwrap(this.http.POST('/v1/codings', { body })).then((r) => r.data),
    get: (id: string) => unwrap(this.http.GET('/v1/codings/{id}', { params: { path: { id } } })).then((r) => r.data),
    delete: (id: string) => unwrap(this.http.DELETE('/v1/codings/{id}', { params: { path: { id } } })).then(() => undefined),
    createAndWait: async (body: Json<'/v1/codings', 'post'>, options?: WaitOptions): Promise<Completed<Coding>> => {
      const { id } = await this.codings.create(body);
      return (await waitFor(id, () => this.codings.get(id), jobState, options)) as Completed<Coding>;
    },
    /** The completed analysis as a FHIR R4 collection Bundle of Conditions. */
    fhir: (id: string) => unwrap(this.http.GET('/v1/codings/{id}/fhir', { params: { path: { id } } })) as Promise<FhirBundle>,
  };

  readonly transcriptions = {
    /** Uploads audio (a file path, a Buffer or a readable stream) for transcription. */
    create: async ({ audio, ...fields }: TranscriptionCreate) => {
      const { blob, fileName } = await audioBlob(audio);
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
      form.append('audio', blob, fileName);
      const call = this.http.POST('/v2/audio/transcriptions', { body: form as never, bodySerializer: (b: unknown) => b as FormData });
      return (await unwrap(call)).data;
    },
    get: (id: string) => unwrap(this.http.GET('/v2/audio/transcriptions/{id}', { params: { path: { id } } })).then((r) => r.data),
    delete: (id: string) => unwrap(this.http.DELETE('/v2/audio/transcriptions/{id}', { params: { path: { id } } })).then(() => undefined),
    createAndWait: async (body: TranscriptionCreate, options?: WaitOptions): Promise<Completed<Transcription>> => {
      const { id } = await this.transcriptions.create(body);
      return (await waitFor(id, () => this.transcriptions.get(id), jobState, options)) as Completed<Transcription>;
    },
  };

  readonly textToJson = {
    /** Fills a JSON Schema from text, synchronously. */
    extract: (body: Json<'/v1/utils/text-to-json', 'post'>) => unwrap(this.http.POST('/v1/utils/text-to-json', { body })),
  };

  readonly noteTemplates = {
    create: (body: Json<'/alpha/note-templates', 'post'>) => unwrap(this.http.POST('/alpha/note-templates', { body })).then((r) => r.data),
    get: (id: string) => unwrap(this.http.GET('/alpha/note-templates/{id}', { params: { path: { id } } })).then((r) => r.data),
    delete: (id: string) => unwrap(this.http.DELETE('/alpha/note-templates/{id}', { params: { path: { id } } })).then((r) => r.data),
    createAndWait: async (body: Json<'/alpha/note-templates', 'post'>, options?: WaitOptions): Promise<Completed<TemplateJob>> => {
      const { id } = await this.noteTemplates.create(body);
      return (await waitFor(id, () => this.noteTemplates.get(id), jobState, options)) as Completed<TemplateJob>;
    },
  };

  readonly consensus = {
    create: (body: Json<'/alpha/consensus', 'post'>) => unwrap(this.http.POST('/alpha/consensus', { body })).then((r) => r.data),
    get: (id: string) => unwrap(this.http.GET('/alpha/consensus/{id}', { params: { path: { id } } })).then((r) => r.data),
    delete: (id: string) => unwrap(this.http.DELETE('/alpha/consensus/{id}', { params: { path: { id } } })).then((r) => r.data),
    createAndWait: async (body: Json<'/alpha/consensus', 'post'>, options?: WaitOptions): Promise<Completed<ConsensusJob>> => {
      const { id } = await this.consensus.create(body);
      return (await waitFor(id, () => this.consensus.get(id), jobState, options)) as Completed<ConsensusJob>;
    },
  };

  readonly webhooks = {
    /** Registers an endpoint; the answer carries its signing `secret`, shown this once. */
    create: (body: Json<'/v1/webhooks', 'post'>) => unwrap(this.http.POST('/v1/webhooks', { body })).then((r) => r.data),
    list: () => unwrap(this.http.GET('/v1/webhooks')).then((r) => r.data),
    get: (id: string) => unwrap(this.http.GET('/v1/webhooks/{id}', { params: { path: { id } } })).then((r) => r.data),
    /** Changes an endpoint; `rotateSecret: true` returns a new secret (the old one signs for 24 h). */
    update: (id: string, body: Json<'/v1/webhooks/{id}', 'patch'>) =>
      unwrap(this.http.PATCH('/v1/webhooks/{id}', { params: { path: { id } }, body })).then((r) => r.data),
    delete: (id: string) => unwrap(this.http.DELETE('/v1/webhooks/{id}', { params: { path: { id } } })).then((r) => r.data),
    deliveries: (id: string, query: { limit?: number } = {}) =>
      unwrap(this.http.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id }, query } })).then((r) => r.data),
    redeliver: (id: string, deliveryId: string) =>
      unwrap(this.http.POST('/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } } })).then((r) => r.data),
  };
}
