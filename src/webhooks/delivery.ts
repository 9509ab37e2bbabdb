// Delivers one webhook delivery. Retries are scheduled by the handler itself (a new delayed
// job written with the attempt record), so the schedule is the same on both queues.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { type Attempt, type JobQueue, backoffMs } from '../jobs/queue.ts';
import { takeUpStranded } from '../jobs/stranded.ts';
import { outcomeOf, eventFor } from './events.ts';
import { type OutboxEvent, type OutboxRepository, isStripped } from '../store/outbox-repo.ts';
import type { ResourcesRepository } from '../store/resources-repo.ts';
import type { Database } from '../store/schema.ts';
import type { WebhookEndpoint, WebhooksRepository } from '../store/webhooks-repo.ts';
import { postJson } from './http-post.ts';
import { signatureHeader } from './signature.ts';

export interface DeliveryDeps {
  db: Kysely<Database>;
  config: Config;
  webhooks: WebhooksRepository;
  outbox: OutboxRepository;
  resources: ResourcesRepository;
  queue: JobQueue;
}

/** The event's body: as stored, or rebuilt from its resource once the stored one was stripped. */
async function bodyOf(deps: DeliveryDeps, event: OutboxEvent): Promise<string | null> {
  if (!isStripped(event.body)) return JSON.stringify(event.body);
  const resource = await deps.resources.findById(event.resourceId);
  const outcome = resource && outcomeOf(resource);
  return resource && outcome ? JSON.stringify(eventFor(resource, outcome)) : null;
}

function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const overlap = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now.toISOString();
  return overlap ? [endpoint.secret, endpoint.previousSecret as string] : [endpoint.secret];
}

export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string, attempt?: Attempt): Promise<void> {
  const delivery = await deps.webhooks.findDelivery(deliveryId);
  if (!delivery || delivery.state !== 'pending') return;
  const [endpoint, event] = await Promise.all([deps.webhooks.findEndpoint(delivery.endpointId), deps.outbox.findById(delivery.eventId)]);
  const now = new Date();
  const rawBody = event ? await bodyOf(deps, event) : null;
  if (!endpoint || !event || rawBody === null) {
    await deps.webhooks.markDead(delivery.id, endpoint ? 'event deleted' : 'endpoint deleted', now.toISOString());
    if (event) await deps.outbox.stripIfSettled(deps.db, event.id);
    return;
  }
  const settings = deps.config.webhooks;
  let result;
  if (!endpoint.enabled) {
    result = { statusCode: null, error: 'endpoint disabled', latencyMs: 0 };
  } else if (attempt?.exhausted) {
    // Every run of this job died mid-POST: count it as a failed attempt and follow the
    // usual schedule, so a delivery that kills its worker ends dead, not in a loop.
    result = { statusCode: null, error: 'interrupted', latencyMs: 0 };
  } else {
    result = await postJson(
      new URL(endpoint.url),
      rawBody,
      {
        'x-service-signature': signatureHeader(rawBody, signingSecrets(endpoint, now)),
        'x-service-event-id': event.id,
        'x-service-event-type': event.type,
        'user-agent': 'clinscribe-webhooks/1',
      },
      { timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivate },
    );
  }
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempts = delivery.attempts + 1;
  const dead = !ok && (attempts >= settings.maxAttempts || !endpoint.enabled);
  const delayMs = backoffMs(settings.retryBaseMs, attempts, 6 * 3600_000);
  const next = ok
    ? { state: 'delivered' as const, nextAttemptAt: null }
    : dead
      ? { state: 'dead' as const, nextAttemptAt: null }
      : { state: 'pending' as const, nextAttemptAt: new Date(now.getTime() + delayMs).toISOString() };
  const scheduled = await deps.db.transaction().execute(async (trx) => {
    // Another run of this delivery recorded first: it owns the retry chain, so this one stops.
    if (!(await deps.webhooks.recordAttempt(trx, delivery, result, next, new Date().toISOString()))) return false;
    if (next.state === 'pending') await deps.queue.enqueue(trx, { queue: 'webhook', id: delivery.id }, { delayMs });
    else await deps.outbox.stripIfSettled(trx, delivery.eventId);
    return next.state === 'pending';
  });
  if (scheduled) deps.queue.wake();
}

/**
 * Pending deliveries changed before `changedBefore` whose job is gone (pg-boss gave up after
 * the worker died on its last try) count an interrupted attempt and get their next job, or
 * end dead when out of attempts. Returns how many were taken up.
 */
export function resumeStrandedDeliveries(deps: DeliveryDeps, changedBefore: string): Promise<number> {
  return takeUpStranded(
    deps.queue,
    'webhook',
    (limit, after) => deps.webhooks.listPending(changedBefore, limit, after),
    async (delivery) => {
      await deliverWebhook(deps, delivery.id, { number: delivery.attempts + 1, last: true, exhausted: true });
      return true;
    },
  );
}
