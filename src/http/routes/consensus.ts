// Alpha medical consensus requests, limited per account per day.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { Resource } from '../../store/resources-repo.ts';
import { ApiError } from '../errors.ts';
import { accountOf, retryAfterSeconds } from '../gate.ts';
import { idempotent } from '../idempotency.ts';
import { checkLength, requireNonEmpty } from '../limits.ts';
import { AlphaHeaders, alphaErrors } from '../schemas.ts';
import { ConsensusJobView } from '../schemas/results.ts';
import { jobView } from './job-views.ts';
import { jobRoutes } from './job-routes.ts';

function consensusView(request: Resource) {
  return { ...jobView(request, 'Consensus failed.'), metadata: {} };
}

/** What the consensus routes reach: consensus resources, the daily quota, Idempotency-Keys and the length limit. */
export type ConsensusRouteDeps = Pick<AppDeps, 'config' | 'idempotency' | 'limiter' | 'resources'>;

export function consensusRoutes(deps: ConsensusRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['consensus (alpha)'];
    app.post(
      '/alpha/consensus',
      {
        config: { auth: 'alpha' },
        schema: {
          tags,
          summary: 'Ask a clinical question for a consensus answer',
          headers: AlphaHeaders,
          body: Type.Object({
            query: Type.String({ description: 'A clinical question' }),
            context: Type.Optional(Type.String({ description: 'Clinical context of the question' })),
          }),
          response: { 202: Type.Object({ data: ConsensusJobView }), ...alphaErrors(400, 413, 422) },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await idempotent(deps.idempotency, request, reply, account.id, async () => {
          const { query, context } = request.body;
          requireNonEmpty('query', query);
          checkLength('query', query, 20_000);
          checkLength('context', context, deps.config.maxTranscriptChars);
          const quota = await deps.limiter.hit(account.id, 'consensus-daily', account.consensusDaily, 86_400, { strict: true });
          if (!quota.allowed) {
            reply.header('Retry-After', retryAfterSeconds(quota));
            throw new ApiError('quota_exceeded', 'The daily consensus quota of this account is used up.');
          }
          const created = await deps.resources.create('consensus', account.id, { query, ...(context !== undefined && { context }) });
          return { status: 202, body: { data: consensusView(created) }, resourceId: created.id };
        });
        return reply;
      },
    );

    await jobRoutes(deps, {
      path: '/alpha/consensus/:id', kind: 'consensus', tier: 'alpha', tags,
      notFound: 'Consensus request not found.',
      get: { summary: 'Get a consensus request', view: ConsensusJobView, render: consensusView },
      deleteSummary: 'Delete a consensus request',
    })(app, {});
  };
}
