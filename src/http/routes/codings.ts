// Codings: ICD-10-CM diagnoses and E/M procedures for a conversation.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { accountOf } from '../gate.ts';
import { checkLength, requireNonEmpty } from '../limits.ts';
import { idempotent } from '../idempotency.ts';
import { StableHeaders, Timestamp, stableErrors } from '../schemas.ts';
import { CodingJobView } from '../schemas/results.ts';
import { jobView } from './job-views.ts';
import { jobRoutes } from './job-routes.ts';

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

    await jobRoutes(deps, {
      path: '/v1/codings/:id', kind: 'coding', tier: 'stable', tags,
      notFound: 'Coding not found.',
      get: {
        summary: 'Get a coding analysis',
        view: CodingJobView,
        render: (coding) => ({
          ...jobView(coding, 'Coding failed.'),
          ...(coding.processingTimeMs !== null && { processing_time_ms: coding.processingTimeMs }),
        }),
      },
      deleteSummary: 'Delete a coding analysis',
    })(app, {});
  };
}
