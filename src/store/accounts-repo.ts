// Accounts and API keys. Keys are stored only as SHA-256 hashes (they are random and
// long, so a slow hash adds nothing); the plain key is returned once, at creation.
import type { Kysely } from 'kysely';
import type { AccountsTable, ApiKeysTable, Database } from './schema.ts';

export interface Account {
  id: string;
  name: string;
  alphaAccess: boolean;
  rateLimitPerMinute: number;
  consensusDaily: number;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  keyHash: string;
  prefix: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

function toAccount(row: AccountsTable): Account {
  return {
    id: row.id,
    name: row.name,
    alphaAccess: Number(row.alpha_access) === 1,
    rateLimitPerMinute: Number(row.rate_limit_per_minute),
    consensusDaily: Number(row.consensus_daily),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toKey(row: ApiKeysTable): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    keyHash: row.key_hash,
    prefix: row.prefix,
    label: row.label,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertAccount(account: Account): Promise<void> {
    await this.db
      .insertInto('accounts')
      .values({
        id: account.id,
        name: account.name,
        alpha_access: account.alphaAccess ? 1 : 0,
        rate_limit_per_minute: account.rateLimitPerMinute,
        consensus_daily: account.consensusDaily,
        created_at: account.createdAt,
        updated_at: account.updatedAt,
      })
      .execute();
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toAccount(row);
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('created_at').execute();
    return rows.map(toAccount);
  }

  async updateAccount(
    id: string,
    changes: Partial<Pick<Account, 'name' | 'alphaAccess' | 'rateLimitPerMinute' | 'consensusDaily'>>,
    now: string,
  ): Promise<Account | undefined> {
    const values: Partial<AccountsTable> = { updated_at: now };
    if (changes.name !== undefined) values.name = changes.name;
    if (changes.alphaAccess !== undefined) values.alpha_access = changes.alphaAccess ? 1 : 0;
    if (changes.rateLimitPerMinute !== undefined) values.rate_limit_per_minute = changes.rateLimitPerMinute;
    if (changes.consensusDaily !== undefined) values.consensus_daily = changes.consensusDaily;
    await this.db.updateTable('accounts').set(values).where('id', '=', id).execute();
    return this.getAccount(id);
  }

  async insertKey(key: ApiKeyRecord): Promise<void> {
    await this.db
      .insertInto('api_keys')
      .values({
        id: key.id,
        account_id: key.accountId,
        key_hash: key.keyHash,
        prefix: key.prefix,
        label: key.label,
        created_at: key.createdAt,
        revoked_at: key.revokedAt,
      })
      .execute();
  }

  async findActiveKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row && toKey(row);
  }

  /** Whether the key exists and is not revoked. */
  async isKeyActive(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('api_keys').select('id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Boolean(row);
  }

  async listKeys(accountId?: string): Promise<ApiKeyRecord[]> {
    let query = this.db.selectFrom('api_keys').selectAll().orderBy('created_at');
    if (accountId) query = query.where('account_id', '=', accountId);
    return (await query.execute()).map(toKey);
  }

  async revokeKey(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
