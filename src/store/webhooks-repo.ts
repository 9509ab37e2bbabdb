// Webhook endpoints, their deliveries and every delivery attempt.
import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { Db } from './database.ts';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from './schema.ts';
import { afterCursor, type PageCursor } from './keyset.ts';

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  accountId: string;
  state: 'pending' | 'delivered' | 'dead';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  createdAt: string;
  updatedAt: string;
}

function toEndpoint(row: WebhookEndpointsTable): WebhookEndpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    events: JSON.parse(row.events),
    enabled: Number(row.enabled) === 1,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDelivery(row: WebhookDeliveriesTable): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    accountId: row.account_id,
    state: row.state,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    lastLatencyMs: row.last_latency_ms === null ? null : Number(row.last_latency_ms),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns an update may change; an insert adds the endpoint's id, owner and creation time. */
function changeableColumns(endpoint: WebhookEndpoint) {
  return {
    url: endpoint.url,
    events: JSON.stringify(endpoint.events),
    enabled: endpoint.enabled ? 1 : 0,
    secret: endpoint.secret,
    previous_secret: endpoint.previousSecret,
    previous_secret_expires_at: endpoint.previousSecretExpiresAt,
    description: endpoint.description,
    updated_at: endpoint.updatedAt,
  };
}

export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.db
      .insertInto('webhook_endpoints')
      .values({ id: endpoint.id, account_id: endpoint.accountId, created_at: endpoint.createdAt, ...changeableColumns(endpoint) })
      .execute();
  }

  /** An endpoint by id; with `accountId`, only that account's (another's id is not found). */
  async findEndpoint(id: string, accountId?: string): Promise<WebhookEndpoint | undefined> {
    let query = this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
    if (accountId) query = query.where('account_id', '=', accountId);
    const row = await query.executeTakeFirst();
    return row && toEndpoint(row);
  }

  async listEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
    return rows.map(toEndpoint);
  }

  async updateEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set(changeableColumns(endpoint))
      .where('id', '=', endpoint.id)
      .execute();
  }

  async deleteEndpoint(accountId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).where('state', '=', 'pending').execute();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /** Enabled endpoints of the account whose filter accepts this event type (empty = all). */
  async listSubscribed(db: Db, accountId: string, eventType: string): Promise<WebhookEndpoint[]> {
    const rows = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('enabled', '=', 1)
      .execute();
    return rows.map(toEndpoint).filter((e) => e.events.length === 0 || e.events.includes(eventType));
  }

  async insertDelivery(db: Db, eventId: string, endpointId: string, accountId: string, now: string): Promise<string> {
    const id = newId('dlv');
    await db
      .insertInto('webhook_deliveries')
      .values({
        id,
        event_id: eventId,
        endpoint_id: endpointId,
        account_id: accountId,
        state: 'pending',
        attempts: 0,
        next_attempt_at: now,
        last_status_code: null,
        last_error: null,
        last_latency_ms: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** A delivery by id; with `scope`, only one of that account's endpoint. */
  async findDelivery(id: string, scope?: { accountId: string; endpointId: string }): Promise<WebhookDelivery | undefined> {
    let query = this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id);
    if (scope) query = query.where('account_id', '=', scope.accountId).where('endpoint_id', '=', scope.endpointId);
    const row = await query.executeTakeFirst();
    return row && toDelivery(row);
  }

  /** Newest deliveries to an endpoint, each with its event's type, in one query. */
  async listDeliveries(endpointId: string, limit: number): Promise<(WebhookDelivery & { eventType: string | null })[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .leftJoin('outbox_events', 'outbox_events.id', 'webhook_deliveries.event_id')
      .selectAll('webhook_deliveries')
      .select('outbox_events.type as event_type')
      .where('webhook_deliveries.endpoint_id', '=', endpointId)
      .orderBy('webhook_deliveries.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...toDelivery(row), eventType: row.event_type }));
  }

  async countEndpoints(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Records one attempt and the delivery's new state together, only if the delivery is
   * still pending with the attempts the caller read: of two runs of one delivery, only the
   * first to record goes on (and schedules the next attempt). False for the other.
   */
  async recordAttempt(
    db: Db,
    delivery: WebhookDelivery,
    attempt: { statusCode: number | null; error: string | null; latencyMs: number },
    next: { state: WebhookDelivery['state']; nextAttemptAt: string | null },
    now: string,
  ): Promise<boolean> {
    const updated = await db
      .updateTable('webhook_deliveries')
      .set({
        state: next.state,
        attempts: delivery.attempts + 1,
        next_attempt_at: next.nextAttemptAt,
        last_status_code: attempt.statusCode,
        last_error: attempt.error,
        last_latency_ms: attempt.latencyMs,
        updated_at: now,
      })
      .where('id', '=', delivery.id)
      .where('state', '=', 'pending')
      .where('attempts', '=', delivery.attempts)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await db
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        attempted_at: now,
        status_code: attempt.statusCode,
        error: attempt.error,
        latency_ms: attempt.latencyMs,
      })
      .execute();
    return true;
  }

  /** Pending deliveries last changed before `changedBefore`, oldest first; `after` pages on. */
  async listPending(changedBefore: string, limit: number, after?: PageCursor): Promise<WebhookDelivery[]> {
    let query = this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('state', '=', 'pending')
      .where('updated_at', '<', changedBefore);
    if (after) query = query.where(afterCursor(after));
    const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
    return rows.map(toDelivery);
  }

  /** A pending delivery that can never be sent (its event or endpoint is gone) ends dead. */
  async markDead(deliveryId: string, reason: string, now: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ state: 'dead', next_attempt_at: null, last_error: reason, updated_at: now })
      .where('id', '=', deliveryId)
      .where('state', '=', 'pending')
      .execute();
  }

  /** Deletes deliveries that ended (delivered or dead) before `cutoff`, and attempts older than it. */
  async purgeSettledBefore(cutoff: string): Promise<void> {
    const settled = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('state', 'in', ['delivered', 'dead'])
      .where('updated_at', '<', cutoff);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_attempts').where((eb) => eb.or([eb('delivery_id', 'in', settled), eb('attempted_at', '<', cutoff)])).execute();
      await trx.deleteFrom('webhook_deliveries').where('state', 'in', ['delivered', 'dead']).where('updated_at', '<', cutoff).execute();
    });
  }

  async listAttempts(deliveryId: string) {
    return this.db
      .selectFrom('webhook_attempts')
      .select(['attempted_at', 'status_code', 'error', 'latency_ms'])
      .where('delivery_id', '=', deliveryId)
      .orderBy('id')
      .execute();
  }
}
