// Codings: ICD-10-CM diagnoses and E/M procedures for a conversation.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { checkLength, requireNonEmpty } from '../limits.ts';
import { idempotent } from '../idempotency.ts';
import { IdParam, StableHeaders, Timestamp, stableErrors } from '../schemas.ts';
import { CodingJobView } from '../schemas/results.ts';
import { jobView } from './job-views.ts';
import { deleteRoute } from './delete-route.ts';

/** What the codings routes reach: coding resources, Idempotency-Keys and the length limit. */
export type CodingsRouteDeps = Pick<AppDeps, 'config' | 'idempotency' | 'resources'>;

export function codingsRoutes(deps: CodingsRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['codings'];
    app.post(
      '/v1/codings',
      {
        config: { auth: 'stable' },
        schema: {
          tags,
          summary: 'Start a coding analysis of a conversation',
          headers: StableHeaders,
          body: Type.Object({ text: Type.String({ description: 'Transcript text; lines may carry timestamps and speaker labels' }) }),
          response: {
            202: Type.Object({
              data: Type.Object({ id: Type.String(), status: Type.String(), created_at: Timestamp, updated_at: Timestamp }),
            }),
            ...stableErrors(400, 413, 422),
          },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await idempotent(deps.idempotency, request, reply, account.id, async () => {
          const { text } = request.body;
          requireNonEmpty('text', text);
          checkLength('text', text, deps.config.maxTranscriptChars);
          const coding = await deps.resources.create('coding', account.id, { text });
          return { status: 202, body: { data: jobView(coding, '') }, resourceId: coding.id };
        });
        return reply;
      },
    );

    app.get(
      '/v1/codings/:id',
      {
        config: { auth: 'stable' },
        schema: {
          tags,
          summary: 'Get a coding analysis',
          headers: StableHeaders,
          params: IdParam('id'),
          response: { 200: Type.Object({ data: CodingJobView }), ...stableErrors(404) },
        },
      },
      async (request) => {
        const coding = await deps.resources.get('coding', accountOf(request).id, request.params.id);
        if (!coding) throw new ApiError('not_found', 'Coding not found.');
        return {
          data: {
            ...jobView(coding, 'Coding failed.'),
            ...(coding.processingTimeMs !== null && { processing_time_ms: coding.processingTimeMs }),
          },
        };
      },
    );

    await deleteRoute(deps, { path: '/v1/codings/:id', kind: 'coding', tier: 'stable', tags, summary: 'Delete a coding analysis', notFound: 'Coding not found.' })(app, {});
  };
}
