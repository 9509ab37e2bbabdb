// Webhook endpoints of an account: register, list, read, change (incl. secret rotation),
// delete, and inspect deliveries.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { newId } from '../../ids.ts';
import { EVENT_TYPES } from '../../services/events.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../store/webhooks-repo.ts';
import { SECRET_OVERLAP_MS, newWebhookSecret } from '../../webhooks/secrets.ts';
import { checkWebhookUrl } from '../../webhooks/url-guard.ts';
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

function checkEvents(events: string[] | undefined): string[] {
  const unknown = (events ?? []).filter((e) => !EVENT_TYPES.includes(e));
  if (unknown.length) {
    throw new ApiError('validation_error', `Unknown event type(s); known: ${EVENT_TYPES.join(', ')}.`, { events: 'unknown event type' });
  }
  return [...new Set(events ?? [])];
}

async function checkUrl(deps: AppDeps, url: string): Promise<string> {
  const check = await checkWebhookUrl(url, deps.config.webhooks.allowPrivate);
  if (!check.ok) throw new ApiError('validation_error', check.reason, { url: check.reason });
  return check.url.toString();
}

export function webhooksRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['webhooks'];
    const byId = async (accountId: string, id: string) => {
      const endpoint = await deps.webhooks.findEndpoint(id, accountId);
      if (!endpoint) throw new ApiError('not_found', 'Webhook endpoint not found.');
      return endpoint;
    };

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
          const now = new Date().toISOString();
          const endpoint: WebhookEndpoint = {
            id: newId('whk'),
            accountId: account.id,
            url: await checkUrl(deps, request.body.url),
            events: checkEvents(request.body.events),
            enabled: request.body.enabled ?? true,
            secret: newWebhookSecret(),
            previousSecret: null,
            previousSecretExpiresAt: null,
            description: request.body.description ?? null,
            createdAt: now,
            updatedAt: now,
          };
          await deps.webhooks.insertEndpoint(endpoint);
          return { status: 201, body: { data: endpointView(endpoint, true) } };
        });
        return reply;
      },
    );

    app.get(
      '/v1/webhooks',
      {
        config: { auth: 'stable' },
        schema: { tags, summary: 'List webhook endpoints', headers: StableHeaders, response: { 200: Type.Object({ data: Type.Array(EndpointView) }), ...stableErrors() } },
      },
      async (request) => ({ data: (await deps.webhooks.listEndpoints(accountOf(request).id)).map((e) => endpointView(e)) }),
    );

    app.get(
      '/v1/webhooks/:id',
      {
        config: { auth: 'stable' },
        schema: { tags, summary: 'Get a webhook endpoint', headers: StableHeaders, params: IdParam('id'), response: { 200: Type.Object({ data: EndpointView }), ...stableErrors(404) } },
      },
      async (request) => ({ data: endpointView(await byId(accountOf(request).id, request.params.id)) }),
    );

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
        const endpoint = await byId(accountOf(request).id, request.params.id);
        const body = request.body;
        const now = new Date();
        const updated: WebhookEndpoint = {
          ...endpoint,
          url: body.url !== undefined ? await checkUrl(deps, body.url) : endpoint.url,
          events: body.events !== undefined ? checkEvents(body.events) : endpoint.events,
          enabled: body.enabled ?? endpoint.enabled,
          description: body.description !== undefined ? body.description : endpoint.description,
          updatedAt: now.toISOString(),
        };
        if (body.rotateSecret) {
          updated.previousSecret = endpoint.secret;
          updated.previousSecretExpiresAt = new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString();
          updated.secret = newWebhookSecret();
        }
        await deps.webhooks.updateEndpoint(updated);
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
        if (!(await deps.webhooks.deleteEndpoint(accountOf(request).id, id))) throw new ApiError('not_found', 'Webhook endpoint not found.');
        return { data: { id, deleted: true } };
      },
    );

    app.post(
      '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      {
        config: { auth: 'stable' },
        schema: {
          tags,
          summary: 'Send the event of a delivery again, as a new delivery with the same event id',
          headers: StableHeaders,
          params: Type.Object({ ...IdParam('id').properties, ...IdParam('deliveryId').properties }),
          response: { 202: Type.Object({ data: DeliveryView }), ...stableErrors(400, 404, 422) },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await idempotent(deps.idempotency, request, reply, account.id, async () => {
          const endpoint = await byId(account.id, request.params.id);
          const original = await deps.webhooks.findDelivery(request.params.deliveryId, { accountId: account.id, endpointId: endpoint.id });
          if (!original) throw new ApiError('not_found', 'Delivery not found.');
          if (!(await deps.outbox.findById(original.eventId))) throw new ApiError('not_found', 'The event of this delivery was deleted.');
          const deliveryId = await deps.store.db
            .transaction()
            .execute((trx) => deps.events.scheduleDelivery(trx, original.eventId, endpoint.id, account.id));
          deps.queue.wake();
          const created = await deps.webhooks.findDelivery(deliveryId);
          return { status: 202, body: { data: deliveryView(created as WebhookDelivery) } };
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
        const endpoint = await byId(accountOf(request).id, request.params.id);
        const deliveries = await deps.webhooks.listDeliveries(endpoint.id, request.query.limit ?? 50);
        const events = new Map<string, string>();
        for (const d of deliveries) {
          if (!events.has(d.eventId)) events.set(d.eventId, (await deps.outbox.findById(d.eventId))?.type ?? '');
        }
        return { data: deliveries.map((d) => ({ ...deliveryView(d), event_type: events.get(d.eventId) || undefined })) };
      },
    );
  };
}
