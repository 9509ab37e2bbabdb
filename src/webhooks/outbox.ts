// Records an event in the outbox and, in the same transaction, one delivery per enabled
// endpoint of the account that wants this event type, each with its delivery job.
import { newId } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { type OutboxRepository, STRIPPED } from '../store/outbox-repo.ts';
import type { Db } from '../store/database.ts';
import type { WebhooksRepository } from '../store/webhooks-repo.ts';

export class EventRecorder {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly queue: JobQueue,
  ) {}

  async record(
    trx: Db,
    accountId: string,
    resourceId: string,
    body: { type: string; data: Record<string, unknown> },
  ): Promise<string> {
    const now = new Date().toISOString();
    const eventId = newId('evt');
    const endpoints = await this.webhooks.listSubscribed(trx, accountId, body.type);
    // With nobody to deliver to, the event keeps only its metadata (PHI stays in one place).
    const kept = endpoints.length ? body : STRIPPED;
    await this.outbox.insert(trx, { id: eventId, accountId, type: body.type, resourceId, body: kept, createdAt: now });
    for (const endpoint of endpoints) await this.scheduleDelivery(trx, eventId, endpoint.id, accountId);
    return eventId;
  }

  /** A new delivery of an event to one endpoint, with its job. */
  async scheduleDelivery(trx: Db, eventId: string, endpointId: string, accountId: string): Promise<string> {
    const deliveryId = await this.webhooks.insertDelivery(trx, eventId, endpointId, accountId, new Date().toISOString());
    await this.queue.enqueue(trx, { queue: 'webhook', id: deliveryId });
    return deliveryId;
  }
}
