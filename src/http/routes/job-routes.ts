// The GET and DELETE routes every job resource has, scoped to the caller's account: GET answers
// `{data: view}` or 404; DELETE by tier a stable 204 or an alpha `{data: {id, deleted}}`.
import { type Static, type TSchema, Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { Resource } from '../../store/resources-repo.ts';
import type { ResourceKind } from '../../store/schema.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { AlphaHeaders, IdParam, StableHeaders, alphaErrors, stableErrors } from '../schemas.ts';
import { DeletedView } from './job-views.ts';

export interface JobRouteSpec {
  /** The resource's path, ending in `/:id`. */
  path: string;
  kind: ResourceKind;
  /** Stable DELETEs answer 204 with no body (as the spec's do); alpha ones answer 200 with what was deleted. */
  tier: 'stable' | 'alpha';
  tags: string[];
  /** The 404 message, naming the resource as the caller knows it. */
  notFound: string;
}

/** The options both routes share: the tier's auth and headers, and the `:id` of the caller's resource. */
const byIdOptions = <R>(spec: JobRouteSpec, summary: string, response: R) => ({
  config: { auth: spec.tier },
  schema: { tags: spec.tags, summary, headers: spec.tier === 'stable' ? StableHeaders : AlphaHeaders, params: IdParam('id'), response },
});

/** Registers `DELETE spec.path` for one resource kind, scoped to the caller's account. */
const deleteRoute = (deps: Pick<AppDeps, 'resources'>, spec: JobRouteSpec, summary: string): FastifyPluginAsyncTypebox => async (app) => {
  const stable = spec.tier === 'stable';
  app.delete(
    spec.path,
    byIdOptions(spec, summary, stable ? { 204: Type.Null(), ...stableErrors(404) } : { 200: DeletedView, ...alphaErrors(404) }),
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deps.resources.delete(spec.kind, accountOf(request).id, id))) throw new ApiError('not_found', spec.notFound);
      return stable ? reply.code(204).send(null) : { data: { id, deleted: true } };
    },
  );
};

/** Registers `GET spec.path`: the caller's resource of this kind as `{data: render(resource)}`, described by `view`. */
const getRoute = <V extends TSchema>(deps: Pick<AppDeps, 'resources'>, spec: JobRouteSpec, { summary, view, render }: JobView<V>): FastifyPluginAsyncTypebox => async (app) => {
  const stable = spec.tier === 'stable';
  // Held as a plain schema table: the view is generic here, and `render` is what types the body against it.
  const response: Record<number, TSchema> = { 200: Type.Object({ data: view }), ...(stable ? stableErrors(404) : alphaErrors(404)) };
  app.get(
    spec.path,
    byIdOptions(spec, summary, response),
    async (request) => {
      const found = await deps.resources.get(spec.kind, accountOf(request).id, request.params.id);
      if (!found) throw new ApiError('not_found', spec.notFound);
      return { data: render(found) };
    },
  );
};

/** How GET shows a job: the OpenAPI `view` of its data and the `render` that writes it. */
export interface JobView<V extends TSchema> {
  summary: string;
  view: V;
  render: (resource: Resource) => Static<V>;
}

/** Registers the GET and DELETE routes of one job resource. */
export const jobRoutes = <V extends TSchema>(deps: Pick<AppDeps, 'resources'>, spec: JobRouteSpec & { get: JobView<V>; deleteSummary: string }): FastifyPluginAsyncTypebox => async (app) => {
  await getRoute(deps, spec, spec.get)(app, {});
  await deleteRoute(deps, spec, spec.deleteSummary)(app, {});
};
