// Webhook endpoints of an account: the rules (URL guard, event types, caps, secret
// rotation, redelivery) and their transactions, so routes and the dashboard only translate.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { newId } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RateLimiter } from '../ratelimit/limiter.ts';
import type { OutboxRepository } from '../store/outbox-repo.ts';
import type { Database } from '../store/schema.ts';
import type { WebhookDelivery, WebhookEndpoint, WebhooksRepository } from '../store/webhooks-repo.ts';
import type { EventRecorder } from '../webhooks/outbox.ts';
import { SECRET_OVERLAP_MS, newWebhookSecret } from '../webhooks/secrets.ts';
import { checkWebhookUrl } from '../webhooks/url-guard.ts';
import { EVENT_TYPES } from '../webhooks/events.ts';

export type RefusalKind = 'invalid' | 'not_found' | 'too_many' | 'rate_limited';

/** Why a webhook request was refused; the HTTP layer maps the kind to its error code. */
export class WebhookRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface EndpointInput {
  url: string;
  events?: string[];
  enabled?: boolean;
  description?: string;
}

export interface EndpointChange {
  url?: string;
  events?: string[];
  enabled?: boolean;
  description?: string | null;
  rotateSecret?: boolean;
}

export interface WebhooksServiceDeps {
  db: Kysely<Database>;
  config: Config;
  webhooks: WebhooksRepository;
  outbox: OutboxRepository;
  events: EventRecorder;
  queue: JobQueue;
  limiter: RateLimiter;
}

function checkEvents(events: string[] | undefined): string[] {
  const unknown = (events ?? []).filter((e) => !EVENT_TYPES.includes(e));
  if (unknown.length) throw new WebhookRefusal('invalid', `Unknown event type(s); known: ${EVENT_TYPES.join(', ')}.`, 'events');
  return [...new Set(events ?? [])];
}

export class WebhooksService {
  constructor(private readonly deps: WebhooksServiceDeps) {}

  private async checkUrl(url: string): Promise<string> {
    const check = await checkWebhookUrl(url, this.deps.config.webhooks.allowPrivate);
    if (!check.ok) throw new WebhookRefusal('invalid', check.reason, 'url');
    return check.url.toString();
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.deps.webhooks.findEndpoint(id, accountId);
    if (!endpoint) throw new WebhookRefusal('not_found', 'Webhook endpoint not found.');
    return endpoint;
  }

  list(accountId: string): Promise<WebhookEndpoint[]> {
    return this.deps.webhooks.listEndpoints(accountId);
  }

  async register(accountId: string, input: EndpointInput): Promise<WebhookEndpoint> {
    const cap = this.deps.config.webhooks.maxPerAccount;
    if ((await this.deps.webhooks.countEndpoints(accountId)) >= cap) {
      throw new WebhookRefusal('too_many', `An account may register at most ${cap} webhook endpoints (CLINSCRIBE_MAX_WEBHOOKS_PER_ACCOUNT); delete one first.`);
    }
    const now = new Date().toISOString();
    const endpoint: WebhookEndpoint = {
      id: newId('whk'),
      accountId,
      url: await this.checkUrl(input.url),
      events: checkEvents(input.events),
      enabled: input.enabled ?? true,
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretExpiresAt: null,
      description: input.description ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.webhooks.insertEndpoint(endpoint);
    return endpoint;
  }

  async update(accountId: string, id: string, change: EndpointChange): Promise<WebhookEndpoint> {
    const endpoint = await this.get(accountId, id);
    const now = new Date();
    const updated: WebhookEndpoint = {
      ...endpoint,
      url: change.url !== undefined ? await this.checkUrl(change.url) : endpoint.url,
      events: change.events !== undefined ? checkEvents(change.events) : endpoint.events,
      enabled: change.enabled ?? endpoint.enabled,
      description: change.description !== undefined ? change.description : endpoint.description,
      updatedAt: now.toISOString(),
    };
    if (change.rotateSecret) {
      // The old secret keeps signing for a while, so receivers can switch without losing events.
      updated.previousSecret = endpoint.secret;
      updated.previousSecretExpiresAt = new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString();
      updated.secret = newWebhookSecret();
    }
    await this.deps.webhooks.updateEndpoint(updated);
    return updated;
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.deps.webhooks.deleteEndpoint(accountId, id))) throw new WebhookRefusal('not_found', 'Webhook endpoint not found.');
  }

  deliveries(accountId: string, endpointId: string, limit: number) {
    return this.get(accountId, endpointId).then((endpoint) => this.deps.webhooks.listDeliveries(endpoint.id, limit));
  }

  /** A new delivery of an earlier delivery's event to the same endpoint. */
  async redeliver(accountId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const { limiter, config, webhooks, outbox, events, queue, db } = this.deps;
    const decision = await limiter.hit(accountId, 'webhook-redeliveries', config.webhooks.redeliveriesPerMinute, 60);
    if (!decision.allowed) {
      const retryAfterSeconds = Math.max(1, decision.resetAt - Math.floor(Date.now() / 1000));
      throw new WebhookRefusal('rate_limited', `At most ${decision.limit} redeliveries per minute (CLINSCRIBE_WEBHOOK_REDELIVERIES_PER_MINUTE).`, undefined, retryAfterSeconds);
    }
    const endpoint = await this.get(accountId, endpointId);
    const original = await webhooks.findDelivery(deliveryId, { accountId, endpointId: endpoint.id });
    if (!original) throw new WebhookRefusal('not_found', 'Delivery not found.');
    if (!(await outbox.findById(original.eventId))) throw new WebhookRefusal('not_found', 'The event of this delivery was deleted.');
    const id = await db.transaction().execute((trx) => events.scheduleDelivery(trx, original.eventId, endpoint.id, accountId));
    queue.wake();
    return (await webhooks.findDelivery(id)) as WebhookDelivery;
  }
}
