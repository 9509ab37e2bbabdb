// Liveness (the process answers) and readiness (the store answers) for load balancers: probe
// routes, never rate-limited or shed (http/gate.ts).
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';

/** Health asks the readiness service; it cannot reach the store itself. */
export type HealthRouteDeps = Pick<AppDeps, 'readiness'>;

export function healthRoutes(deps: HealthRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/healthz',
      { config: { auth: 'probe' }, schema: { tags: ['operations'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.String() }) } } },
      async () => ({ status: 'ok' }),
    );
    app.get(
      '/readyz',
      {
        config: { auth: 'probe' },
        schema: {
          tags: ['operations'],
          summary: 'Readiness: the store answers',
          response: { 200: Type.Object({ status: Type.String(), store: Type.String() }), 503: Type.Object({ status: Type.String(), store: Type.String() }) },
        },
      },
      async (_request, reply) => {
        const { ready, store } = await deps.readiness.check();
        return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', store });
      },
    );
  };
}
