// Transactional outbox: events are written in the same transaction as the state change
// that causes them, so an event exists if and only if the change committed.
import type { Kysely } from 'kysely';
import type { Db } from './database.ts';
import type { Database, OutboxEventsTable } from './schema.ts';

/** The body an event keeps after its deliveries have settled. */
export const STRIPPED = { stripped: true } as const;

export function isStripped(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { stripped?: unknown }).stripped === true;
}

export interface OutboxEvent {
  id: string;
  accountId: string;
  type: string;
  resourceId: string;
  body: { type: string; data: Record<string, unknown> } | typeof STRIPPED;
  createdAt: string;
}

function toEvent(row: OutboxEventsTable): OutboxEvent {
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type,
    resourceId: row.resource_id,
    body: JSON.parse(row.body),
    createdAt: row.created_at,
  };
}

export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(db: Db, event: OutboxEvent): Promise<void> {
    await db
      .insertInto('outbox_events')
      .values({
        id: event.id,
        account_id: event.accountId,
        type: event.type,
        resource_id: event.resourceId,
        body: JSON.stringify(event.body),
        created_at: event.createdAt,
      })
      .execute();
  }

  /**
   * Once no delivery of the event is pending, its body (which holds the note, transcript or
   * codes) is replaced by a marker: the metadata stays for the delivery log, and a
   * redelivery rebuilds the body from the resource, which keeps the only copy.
   */
  async stripIfSettled(db: Db, eventId: string): Promise<void> {
    const pending = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', eventId)
      .where('state', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    if (pending) return;
    await db.updateTable('outbox_events').set({ body: JSON.stringify(STRIPPED) }).where('id', '=', eventId).execute();
  }

  async findById(id: string): Promise<OutboxEvent | undefined> {
    const row = await this.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toEvent(row);
  }

  async listForResource(resourceId: string): Promise<OutboxEvent[]> {
    const rows = await this.db.selectFrom('outbox_events').selectAll().where('resource_id', '=', resourceId).execute();
    return rows.map(toEvent);
  }

  /** DELETE of a resource removes its events and their undelivered deliveries. */
  async deleteForResource(db: Db, resourceId: string): Promise<void> {
    const ids = db.selectFrom('outbox_events').select('id').where('resource_id', '=', resourceId);
    await db.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).where('state', '!=', 'delivered').execute();
    await db.deleteFrom('outbox_events').where('resource_id', '=', resourceId).execute();
  }

  /** deleteForResource for a batch of resources (the retention purge), in two statements. */
  async deleteForResources(db: Db, resourceIds: string[]): Promise<void> {
    if (resourceIds.length === 0) return;
    const ids = db.selectFrom('outbox_events').select('id').where('resource_id', 'in', resourceIds);
    await db.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).where('state', '!=', 'delivered').execute();
    await db.deleteFrom('outbox_events').where('resource_id', 'in', resourceIds).execute();
  }
}
