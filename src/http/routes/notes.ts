// Notes: POST/GET/DELETE under /v1/notes and /v2/notes (identical; v2 is a drop-in copy).
import { type Static, Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { NoteRequest, NoteType } from '../../engines/ports.ts';
import type { Resource } from '../../store/resources-repo.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { checkLength, requireNonEmpty } from '../limits.ts';
import { idempotent } from '../idempotency.ts';
import { sendSerialized } from '../serialized.ts';
import { IdParam, StableHeaders, stableErrors } from '../schemas.ts';
import { NoteView } from '../schemas/results.ts';

const NoteTypeBody = Type.Object({
  type: Type.Optional(Type.String({ description: 'soap | note_template | note_style' })),
  format: Type.Optional(Type.String({ description: 'Alias of type' })),
  template: Type.Optional(Type.Unknown({ description: 'NoteTemplate (note_template) or style string (note_style)' })),
  includeJson: Type.Optional(Type.Boolean()),
});

export const CreateNoteBody = Type.Object({
  transcript: Type.String({ description: 'Conversation text, or a transcription result' }),
  noteType: NoteTypeBody,
  date: Type.Optional(Type.String()),
  language: Type.Optional(Type.String({ maxLength: 35 })),
  patientInfo: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String({ maxLength: 500 })),
      dateOfBirth: Type.Optional(Type.String({ maxLength: 50 })),
      gender: Type.Optional(Type.String({ maxLength: 50 })),
    }),
  ),
  previousNote: Type.Optional(Type.String()),
  context: Type.Optional(Type.String()),
  instructions: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
  medicationList: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 500 })])),
});

function noteView(resource: Resource) {
  return {
    noteId: resource.id,
    status: resource.status,
    ...(resource.status === 'completed' && resource.result ? { payload: resource.result.payload as { markdown: string; json: Record<string, unknown> } } : {}),
    ...(resource.status === 'failed' ? { error: resource.error ?? 'Note generation failed.' } : {}),
    createdAt: resource.createdAt,
    updatedAt: resource.updatedAt,
  };
}

type CreateNoteInput = Static<typeof CreateNoteBody>;

/** What reading a create body needs: the length limit and the template check (the playground reads one too). */
export type NoteRequestDeps = Pick<AppDeps, 'config' | 'validateTemplate'>;

/** What the notes routes reach: note resources, Idempotency-Keys and what reading a body needs. */
export type NotesRouteDeps = Pick<AppDeps, 'config' | 'idempotency' | 'resources' | 'validateTemplate'>;

/** Turns a create body into the engine's request, or throws the 400/413 that explains why not. */
export function toNoteRequest(deps: NoteRequestDeps, body: CreateNoteInput): NoteRequest {
  const max = deps.config.maxTranscriptChars;
  requireNonEmpty('transcript', body.transcript);
  checkLength('transcript', body.transcript, max);
  checkLength('previousNote', body.previousNote, max);
  checkLength('context', body.context, max);
  const type = body.noteType.type ?? body.noteType.format;
  let noteType: NoteType;
  if (type === 'soap') {
    noteType = { type: 'soap' };
  } else if (type === 'note_template') {
    const check = deps.validateTemplate(body.noteType.template);
    if (!check.ok) throw new ApiError('validation_error', `noteType.template is invalid: ${check.message}`, { 'noteType.template': check.message });
    noteType = { type: 'note_template', template: check.template };
  } else if (type === 'note_style') {
    const style = body.noteType.template;
    if (typeof style !== 'string' || style.trim() === '') {
      throw new ApiError('validation_error', 'noteType.template must be the style string returned by /v1/note-styles.', {
        'noteType.template': 'must be a non-empty string',
      });
    }
    noteType = { type: 'note_style', template: style };
  } else {
    throw new ApiError('validation_error', 'noteType.type must be one of soap, note_template, note_style.', {
      'noteType.type': 'must be one of soap, note_template, note_style',
    });
  }
  if (body.noteType.includeJson !== undefined) noteType.includeJson = body.noteType.includeJson;
  if (body.language !== undefined && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(body.language)) {
    throw new ApiError('validation_error', 'language must be a language tag such as "en" or "en-US".', { language: 'invalid language tag' });
  }
  const medicationList =
    typeof body.medicationList === 'string'
      ? body.medicationList.split(',').map((m: string) => m.trim()).filter(Boolean)
      : body.medicationList?.map((m: string) => m.trim()).filter(Boolean);
  return {
    transcript: body.transcript,
    noteType,
    ...(body.date !== undefined && { date: body.date }),
    ...(body.language !== undefined && { language: body.language }),
    ...(body.patientInfo !== undefined && { patientInfo: body.patientInfo }),
    ...(body.previousNote !== undefined && { previousNote: body.previousNote }),
    ...(body.context !== undefined && { context: body.context }),
    ...(body.instructions !== undefined && { instructions: body.instructions }),
    ...(medicationList !== undefined && { medicationList }),
  };
}

/** POST /vN/notes: accept a transcript and queue its note. */
const createRoute = (deps: NotesRouteDeps, version: string): FastifyPluginAsyncTypebox => async (app) => {
  const tags = [`notes ${version}`];
  app.post(
    `/${version}/notes`,
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Create a note from a transcript',
        headers: StableHeaders,
        body: CreateNoteBody,
        response: {
          202: Type.Object({ data: Type.Object({ noteId: Type.String(), status: Type.String() }) }),
          ...stableErrors(400, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const account = accountOf(request);
      await idempotent(deps.idempotency, request, reply, account.id, async () => {
        const noteRequest = toNoteRequest(deps, request.body);
        const note = await deps.resources.create('note', account.id, { ...noteRequest });
        return { status: 202, body: { data: { noteId: note.id, status: note.status } }, resourceId: note.id };
      });
      return reply;
    },
  );
};

/** GET /vN/notes/:noteId: the note, or where its job stands. */
const getRoute = (deps: NotesRouteDeps, version: string): FastifyPluginAsyncTypebox => async (app) => {
  const tags = [`notes ${version}`];
  app.get(
    `/${version}/notes/:noteId`,
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Get a note',
        headers: StableHeaders,
        params: IdParam('noteId'),
        response: { 200: Type.Object({ data: NoteView }), ...stableErrors(404) },
      },
    },
    async (request, reply) => {
      // The route's compiled response serializer writes the body; a finished note's is kept.
      const body = await deps.resources.render('note', accountOf(request).id, request.params.noteId, {
        name: 'note',
        serialize: (note) => String(reply.serialize({ data: noteView(note) })),
      });
      if (body === undefined) throw new ApiError('not_found', 'Note not found.');
      return sendSerialized(reply, body);
    },
  );
};

/** DELETE /vN/notes/:noteId: the spec's note DELETE, which answers with the note id it removed. */
const removeRoute = (deps: NotesRouteDeps, version: string): FastifyPluginAsyncTypebox => async (app) => {
  const tags = [`notes ${version}`];
  app.delete(
    `/${version}/notes/:noteId`,
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Delete a note',
        headers: StableHeaders,
        params: IdParam('noteId'),
        response: {
          200: Type.Object({ data: Type.Object({ noteId: Type.String(), deleted: Type.Boolean() }) }),
          ...stableErrors(404),
        },
      },
    },
    async (request) => {
      const { noteId } = request.params;
      if (!(await deps.resources.delete('note', accountOf(request).id, noteId))) {
        throw new ApiError('not_found', 'Note not found.');
      }
      return { data: { noteId, deleted: true } };
    },
  );
};

export function notesRoutes(deps: NotesRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The spec's notes v2 is a drop-in replacement for v1: the same three routes under each version.
    for (const version of ['v1', 'v2']) for (const routes of [createRoute, getRoute, removeRoute]) await routes(deps, version)(app, {});
  };
}
