// Stored first responses of POSTs that carried an Idempotency-Key (kept 24 h).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: unknown;
}

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(accountId: string, key: string, notBefore: string): Promise<StoredResponse | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('created_at', '>=', notBefore)
      .executeTakeFirst();
    return row && { requestHash: row.request_hash, statusCode: Number(row.status_code), body: JSON.parse(row.response) };
  }

  async save(accountId: string, key: string, response: StoredResponse, now: string): Promise<void> {
    await this.db
      .insertInto('idempotency_keys')
      .values({
        account_id: accountId,
        key,
        request_hash: response.requestHash,
        status_code: response.statusCode,
        response: JSON.stringify(response.body),
        created_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'key']).doUpdateSet({
          request_hash: response.requestHash,
          status_code: response.statusCode,
          response: JSON.stringify(response.body),
          created_at: now,
        }),
      )
      .execute();
  }

  async purgeBefore(cutoff: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
  }
}
