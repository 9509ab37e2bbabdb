// FHIR R4 exports: a completed note as a `document` Bundle, a coding analysis as a
// `collection` Bundle of Conditions (application/fhir+json).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { CodedItem, NoteRequest } from '../../engines/ports.ts';
import { codingBundle } from '../../fhir/coding-bundle.ts';
import { needsCoder, noteBundle } from '../../fhir/note-bundle.ts';
import type { Json } from '../../fhir/note-json.ts';
import type { Resource } from '../../store/resources-repo.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { IdParam, StableHeaders, stableErrors } from '../schemas.ts';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const BundleSchema = Type.Object(
  { resourceType: Type.Literal('Bundle'), type: Type.String() },
  { additionalProperties: true, description: 'FHIR R4 Bundle (https://hl7.org/fhir/R4/bundle.html)' },
);
const fhirResponse = { 200: { description: 'FHIR R4 Bundle', content: { 'application/fhir+json': { schema: BundleSchema } } } };

function requireCompleted(resource: Resource | undefined, what: string): Resource & { result: Record<string, unknown> } {
  if (!resource) throw new ApiError('not_found', `${what} not found.`);
  if (resource.status !== 'completed' || !resource.result) {
    const state = resource.status === 'failed' ? 'failed' : `is still ${resource.status}`;
    throw new ApiError('unprocessable', `The ${what.toLowerCase()} ${state}; only a completed ${what.toLowerCase()} can be exported.`);
  }
  return resource as Resource & { result: Record<string, unknown> };
}

/** What the FHIR export reaches: completed notes and codings, and the coder for uncoded diagnoses. */
export type FhirRouteDeps = Pick<AppDeps, 'engines' | 'resources'>;

/** Diagnoses the coder finds in the transcript; none when no coding engine is available. */
async function codedDiagnoses(deps: Pick<FhirRouteDeps, 'engines'>, transcript: string): Promise<CodedItem[]> {
  try {
    return (await deps.engines.coding.code(transcript)).diagnoses;
  } catch {
    // Without a coder the Conditions still go out, named by the note, just not coded.
    return [];
  }
}

async function exportNote(deps: Pick<FhirRouteDeps, 'engines'>, note: Resource & { result: Record<string, unknown> }) {
  const request = note.request as Partial<NoteRequest>;
  const payload = note.result.payload as { markdown?: string; json?: Json } | undefined;
  const json = payload?.json ?? {};
  const coded = needsCoder(json) && request.transcript ? await codedDiagnoses(deps, request.transcript) : [];
  return noteBundle({
    noteId: note.id,
    completedAt: note.updatedAt,
    transcriptDate: request.date,
    patientInfo: request.patientInfo,
    markdown: payload?.markdown ?? '',
    json,
    coded,
  });
}

export function fhirRoutes(deps: FhirRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const version of ['v1', 'v2']) {
      app.get(
        `/${version}/notes/:noteId/fhir`,
        {
          config: { auth: 'stable' },
          schema: {
            tags: [`notes ${version}`, 'fhir'],
            summary: 'Export a completed note as a FHIR R4 document Bundle',
            description:
              'Composition (LOINC 11506-3) with one section per note section; ICD-10-CM Conditions, MedicationStatements, ' +
              'AllergyIntolerances and LOINC vital-sign Observations, each with its transcript evidence spans as an extension.',
            headers: StableHeaders,
            params: IdParam('noteId'),
            response: { ...fhirResponse, ...stableErrors(404, 422) },
          },
        },
        async (request, reply) => {
          const note = requireCompleted(await deps.resources.get('note', accountOf(request).id, request.params.noteId), 'Note');
          return reply.type(FHIR_JSON).send(await exportNote(deps, note));
        },
      );
    }

    app.get(
      '/v1/codings/:id/fhir',
      {
        config: { auth: 'stable' },
        schema: {
          tags: ['codings', 'fhir'],
          summary: 'Export a completed coding analysis as a FHIR R4 collection Bundle of Conditions',
          headers: StableHeaders,
          params: IdParam('id'),
          response: { ...fhirResponse, ...stableErrors(404, 422) },
        },
      },
      async (request, reply) => {
        const coding = requireCompleted(await deps.resources.get('coding', accountOf(request).id, request.params.id), 'Coding');
        const diagnoses = (coding.result.diagnoses as CodedItem[] | undefined) ?? [];
        return reply.type(FHIR_JSON).send(codingBundle(coding.id, diagnoses, coding.updatedAt));
      },
    );
  };
}
