// The DELETE route every job resource has: by tier, a stable 204 or an alpha `{data: {id, deleted}}`.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { ResourceKind } from '../../store/schema.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { AlphaHeaders, IdParam, StableHeaders, alphaErrors, stableErrors } from '../schemas.ts';
import { DeletedView } from './job-views.ts';

export interface DeleteRouteSpec {
  /** The route path, ending in `/:id`. */
  path: string;
  kind: ResourceKind;
  /** Stable routes answer 204 with no body (as the spec's DELETEs do); alpha routes answer 200 with what was deleted. */
  tier: 'stable' | 'alpha';
  tags: string[];
  summary: string;
  /** The 404 message, naming the resource as the caller knows it. */
  notFound: string;
}

/** Registers `DELETE spec.path` for one resource kind, scoped to the caller's account. */
export const deleteRoute = (deps: Pick<AppDeps, 'resources'>, spec: DeleteRouteSpec): FastifyPluginAsyncTypebox => async (app) => {
  const stable = spec.tier === 'stable';
  app.delete(
    spec.path,
    {
      config: { auth: spec.tier },
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        headers: stable ? StableHeaders : AlphaHeaders,
        params: IdParam('id'),
        response: stable ? { 204: Type.Null(), ...stableErrors(404) } : { 200: DeletedView, ...alphaErrors(404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deps.resources.delete(spec.kind, accountOf(request).id, id))) throw new ApiError('not_found', spec.notFound);
      return stable ? reply.code(204).send(null) : { data: { id, deleted: true } };
    },
  );
};
