// Idempotency-Key records (kept 24 h). A key is reserved before its request runs (status
// code 0 marks "in progress"), so two concurrent requests with one key cannot both run;
// the first response is stored on the reservation when the request finishes.
import type { Kysely } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

const IN_PROGRESS = 0;

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: unknown;
  /** The resource this response announced, if any. */
  resourceId?: string;
}

export type Reservation =
  | { reserved: true }
  | { reserved: false; requestHash: string; inProgress: true }
  | { reserved: false; requestHash: string; inProgress: false; response: StoredResponse };

/** What a request needs of the keys: reserve, then complete or release (deleting and purging are the resources' and maintenance's). */
export type IdempotencyKeys = Pick<IdempotencyRepository, 'reserve' | 'complete' | 'release'>;

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Reserves `key` for a request with `requestHash`, or says who holds it. A record created
   * before `notBefore` has expired, and a reservation made before `staleBefore` belongs to
   * a request that died; either is taken over.
   */
  async reserve(accountId: string, key: string, requestHash: string, at: { now: string; notBefore: string; staleBefore: string }): Promise<Reservation> {
    const reservation = { request_hash: requestHash, status_code: IN_PROGRESS, response: 'null', created_at: at.now };
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({ account_id: accountId, key, ...reservation })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { reserved: true };
    const takenOver = await this.db
      .updateTable('idempotency_keys')
      .set(reservation)
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where((eb) =>
        eb.or([eb('created_at', '<', at.notBefore), eb.and([eb('status_code', '=', IN_PROGRESS), eb('created_at', '<', at.staleBefore)])]),
      )
      .returning('key')
      .executeTakeFirst();
    if (takenOver) return { reserved: true };
    const row = await this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
    // Deleted (released or purged) between the statements: the caller may simply try again.
    if (!row) return this.reserve(accountId, key, requestHash, at);
    const statusCode = Number(row.status_code);
    if (statusCode === IN_PROGRESS) return { reserved: false, requestHash: row.request_hash, inProgress: true };
    return {
      reserved: false,
      requestHash: row.request_hash,
      inProgress: false,
      response: { requestHash: row.request_hash, statusCode, body: JSON.parse(row.response) },
    };
  }

  /** Stores the first response on the caller's reservation. */
  async complete(accountId: string, key: string, response: StoredResponse): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: response.statusCode, response: JSON.stringify(response.body), resource_id: response.resourceId ?? null })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('request_hash', '=', response.requestHash)
      .where('status_code', '=', IN_PROGRESS)
      .execute();
  }

  /** Drops the caller's reservation after its request failed, so the key can be used again. */
  async release(accountId: string, key: string, requestHash: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('request_hash', '=', requestHash)
      .where('status_code', '=', IN_PROGRESS)
      .execute();
  }

  /** Records pointing at a resource that is being deleted. */
  async deleteForResource(db: Db, resourceId: string): Promise<void> {
    await this.deleteForResources(db, [resourceId]);
  }

  /** Records pointing at any of these resources (the retention purge deletes in batches). */
  async deleteForResources(db: Db, resourceIds: string[]): Promise<void> {
    if (resourceIds.length) await db.deleteFrom('idempotency_keys').where('resource_id', 'in', resourceIds).execute();
  }

  async purgeBefore(cutoff: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
  }
}
