// Webhook endpoints of an account: register, list, read, change (incl. secret rotation),
// delete, and inspect deliveries.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { EVENT_TYPES } from '../../webhooks/events.ts';
import { WebhookRefusal } from '../../services/webhooks-service.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../store/webhooks-repo.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { idempotent } from '../idempotency.ts';
import { IdParam, StableHeaders, Timestamp, stableErrors } from '../schemas.ts';

const EndpointView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  description: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
  secret: Type.Optional(Type.String({ description: 'Signing secret; returned only at creation and rotation' })),
});

const DeliveryView = Type.Object({
  id: Type.String(),
  event_id: Type.String(),
  event_type: Type.Optional(Type.String()),
  state: Type.String(),
  attempts: Type.Integer(),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  last_latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const EventsField = Type.Array(Type.String(), { maxItems: 50, description: `Event types; empty means all: ${EVENT_TYPES.join(', ')}` });

function endpointView(endpoint: WebhookEndpoint, withSecret = false) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    description: endpoint.description,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
    ...(withSecret && { secret: endpoint.secret }),
  };
}

function deliveryView(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    state: delivery.state,
    attempts: delivery.attempts,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    last_latency_ms: delivery.lastLatencyMs,
    next_attempt_at: delivery.state === 'pending' ? delivery.nextAttemptAt : null,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
  };
}

/** The service's refusals in the error catalogue's words. */
async function refused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WebhookRefusal)) throw error;
    switch (error.kind) {
      case 'invalid':
        throw new ApiError('validation_error', error.message, error.field ? { [error.field]: error.message } : {});
      case 'not_found':
        throw new ApiError('not_found', error.message);
      case 'too_many':
        throw new ApiError('unprocessable', error.message);
      case 'rate_limited':
        throw new ApiError('rate_limited', error.message, {}, { retryAfterSeconds: error.retryAfterSeconds });
    }
  }
}

/** What the webhook routes reach: the webhooks service and Idempotency-Keys. */
export type WebhooksRouteDeps = Pick<AppDeps, 'idempotency' | 'webhooksService'>;

const tags = ['webhooks'];

/** POST /v1/webhooks: register an endpoint (its secret shown this once). */
const registerRoute = (deps: WebhooksRouteDeps): FastifyPluginAsyncTypebox => async (app) => {
  const service = deps.webhooksService;
  app.post(
    '/v1/webhooks',
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Register a webhook endpoint',
        headers: StableHeaders,
        body: Type.Object({
          url: Type.String({ maxLength: 2048 }),
          events: Type.Optional(EventsField),
          enabled: Type.Optional(Type.Boolean()),
          description: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
        response: { 201: Type.Object({ data: EndpointView }), ...stableErrors(400, 422) },
      },
    },
    async (request, reply) => {
      const account = accountOf(request);
      await idempotent(deps.idempotency, request, reply, account.id, async () => {
        const endpoint = await refused(() => service.register(account.id, request.body));
        return { status: 201, body: { data: endpointView(endpoint, true) } };
      });
      return reply;
    },
  );
};

/** GET /v1/webhooks and /v1/webhooks/:id: the account's endpoints. */
const readRoutes = (deps: WebhooksRouteDeps): FastifyPluginAsyncTypebox => async (app) => {
  const service = deps.webhooksService;
  app.get(
    '/v1/webhooks',
    {
      config: { auth: 'stable' },
      schema: { tags, summary: 'List webhook endpoints', headers: StableHeaders, response: { 200: Type.Object({ data: Type.Array(EndpointView) }), ...stableErrors() } },
    },
    async (request) => ({ data: (await service.list(accountOf(request).id)).map((e) => endpointView(e)) }),
  );

  app.get(
    '/v1/webhooks/:id',
    {
      config: { auth: 'stable' },
      schema: { tags, summary: 'Get a webhook endpoint', headers: StableHeaders, params: IdParam('id'), response: { 200: Type.Object({ data: EndpointView }), ...stableErrors(404) } },
    },
    async (request) => ({ data: endpointView(await refused(() => service.get(accountOf(request).id, request.params.id))) }),
  );
};

/** PATCH and DELETE /v1/webhooks/:id: change, rotate the secret of, or remove an endpoint. */
const changeRoutes = (deps: WebhooksRouteDeps): FastifyPluginAsyncTypebox => async (app) => {
  const service = deps.webhooksService;
  app.patch(
    '/v1/webhooks/:id',
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Change a webhook endpoint; rotateSecret issues a new secret (the old one signs too for 24 h)',
        headers: StableHeaders,
        params: IdParam('id'),
        body: Type.Object({
          url: Type.Optional(Type.String({ maxLength: 2048 })),
          events: Type.Optional(EventsField),
          enabled: Type.Optional(Type.Boolean()),
          description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
          rotateSecret: Type.Optional(Type.Boolean()),
        }),
        response: { 200: Type.Object({ data: EndpointView }), ...stableErrors(400, 404) },
      },
    },
    async (request) => {
      const body = request.body;
      const updated = await refused(() => service.update(accountOf(request).id, request.params.id, body));
      return { data: endpointView(updated, Boolean(body.rotateSecret)) };
    },
  );

  app.delete(
    '/v1/webhooks/:id',
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        headers: StableHeaders,
        params: IdParam('id'),
        response: { 200: Type.Object({ data: Type.Object({ id: Type.String(), deleted: Type.Boolean() }) }), ...stableErrors(404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await refused(() => service.remove(accountOf(request).id, id));
      return { data: { id, deleted: true } };
    },
  );
};

/** The deliveries of an endpoint: list them, send one again. */
const deliveryRoutes = (deps: WebhooksRouteDeps): FastifyPluginAsyncTypebox => async (app) => {
  const service = deps.webhooksService;
  app.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Send the event of a delivery again, as a new delivery with the same event id',
        headers: StableHeaders,
        params: Type.Object({ ...IdParam('id').properties, ...IdParam('deliveryId').properties }),
        response: { 202: Type.Object({ data: DeliveryView }), ...stableErrors(400, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const account = accountOf(request);
      await idempotent(deps.idempotency, request, reply, account.id, async () => {
        const created = await refused(() => service.redeliver(account.id, request.params.id, request.params.deliveryId));
        return { status: 202, body: { data: deliveryView(created) } };
      });
      return reply;
    },
  );

  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'List recent deliveries to an endpoint (newest first)',
        headers: StableHeaders,
        params: IdParam('id'),
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
        response: { 200: Type.Object({ data: Type.Array(DeliveryView) }), ...stableErrors(400, 404) },
      },
    },
    async (request) => {
      const deliveries = await refused(() => service.deliveries(accountOf(request).id, request.params.id, request.query.limit ?? 50));
      return { data: deliveries.map((d) => ({ ...deliveryView(d), event_type: d.eventType ?? undefined })) };
    },
  );
};

export function webhooksRoutes(deps: WebhooksRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const routes of [registerRoute, readRoutes, changeRoutes, deliveryRoutes]) await routes(deps)(app, {});
  };
}
