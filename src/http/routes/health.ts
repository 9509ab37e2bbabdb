// Liveness (the process answers) and readiness (the store answers) for load balancers.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { pingStore } from '../../store/database.ts';

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      { config: { auth: 'none' }, schema: { tags: ['operations'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.String() }) } } },
      async () => ({ status: 'ok' }),
    );
    app.get(
      '/readyz',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['operations'],
          summary: 'Readiness: the store answers',
          response: { 200: Type.Object({ status: Type.String(), store: Type.String() }), 503: Type.Object({ status: Type.String(), store: Type.String() }) },
        },
      },
      async (_request, reply) => {
        const ok = await pingStore(deps.store);
        return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', store: deps.store.caps.kind });
      },
    );
  };
}
