// Delivers one webhook delivery. Retries are scheduled by the handler itself (a new delayed
// job written with the attempt record), so the schedule is the same on both queues.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { type JobQueue, backoffMs } from '../jobs/queue.ts';
import type { OutboxRepository } from '../store/outbox-repo.ts';
import type { Database } from '../store/schema.ts';
import type { WebhookEndpoint, WebhooksRepository } from '../store/webhooks-repo.ts';
import { postJson } from './http-post.ts';
import { signatureHeader } from './signature.ts';

export interface DeliveryDeps {
  db: Kysely<Database>;
  config: Config;
  webhooks: WebhooksRepository;
  outbox: OutboxRepository;
  queue: JobQueue;
}

function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const overlap = endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now.toISOString();
  return overlap ? [endpoint.secret, endpoint.previousSecret as string] : [endpoint.secret];
}

export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const delivery = await deps.webhooks.findDelivery(deliveryId);
  if (!delivery || delivery.state !== 'pending') return;
  const [endpoint, event] = await Promise.all([deps.webhooks.findEndpoint(delivery.endpointId), deps.outbox.findById(delivery.eventId)]);
  const now = new Date();
  if (!endpoint || !event) return;
  const settings = deps.config.webhooks;
  let result;
  if (!endpoint.enabled) {
    result = { statusCode: null, error: 'endpoint disabled', latencyMs: 0 };
  } else {
    const rawBody = JSON.stringify(event.body);
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
  await deps.db.transaction().execute(async (trx) => {
    await deps.webhooks.recordAttempt(trx, delivery, result, next, new Date().toISOString());
    if (next.state === 'pending') await deps.queue.enqueue(trx, { queue: 'webhook', id: delivery.id }, { delayMs });
  });
  if (next.state === 'pending') deps.queue.wake();
}
