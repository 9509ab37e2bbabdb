// Accounts and keys as operators manage them (CLI and dashboard) and as requests prove them.
import type { Config } from '../config.ts';
import { newId } from '../ids.ts';
import type { Account, AccountsRepository, ApiKeyRecord } from '../store/accounts-repo.ts';
import { AuthCache } from './auth-cache.ts';
import { type Invalidation, localInvalidation } from '../store/invalidation.ts';
import { displayPrefix, generateApiKey, hashApiKey, hashesEqual, looksLikeApiKey } from './api-keys.ts';

export interface NewAccount {
  name: string;
  alphaAccess?: boolean;
  rateLimitPerMinute?: number;
  consensusDaily?: number;
}

export interface CreatedKey {
  key: ApiKeyRecord;
  /** The plain key: shown once, never stored. */
  apiKey: string;
}

export interface Authenticated {
  account: Account;
  keyId: string;
}

export class AccountsService {
  /**
   * Successful key checks. A revocation or account change clears it in every process
   * sharing the store (`invalidation`); the TTL bounds a signal that was missed.
   */
  private readonly cache: AuthCache<Authenticated>;

  constructor(
    private readonly repo: AccountsRepository,
    private readonly config: Config,
    private readonly invalidation: Invalidation = localInvalidation(),
  ) {
    this.cache = new AuthCache(config.authCache);
    // Deleted resources are the result cache's business, not the keys'.
    invalidation.subscribe((message) => {
      if (!message || 'keys' in message) this.cache.clear();
    });
  }

  async createAccount(input: NewAccount): Promise<{ account: Account } & CreatedKey> {
    const now = new Date().toISOString();
    const account: Account = {
      id: newId('acct'),
      name: input.name,
      alphaAccess: input.alphaAccess ?? false,
      rateLimitPerMinute: input.rateLimitPerMinute ?? this.config.defaultRateLimitPerMinute,
      consensusDaily: input.consensusDaily ?? this.config.defaultConsensusDaily,
      createdAt: now,
      updatedAt: now,
    };
    await this.repo.insertAccount(account);
    return { account, ...(await this.createKey(account.id)) };
  }

  listAccounts(): Promise<Account[]> {
    return this.repo.listAccounts();
  }

  getAccount(id: string): Promise<Account | undefined> {
    return this.repo.getAccount(id);
  }

  async updateAccount(id: string, changes: Partial<NewAccount>): Promise<Account | undefined> {
    const updated = await this.repo.updateAccount(id, changes, new Date().toISOString());
    this.cache.clear();
    await this.invalidation.publish({ keys: true });
    return updated;
  }

  async createKey(accountId: string, label?: string): Promise<CreatedKey> {
    const apiKey = generateApiKey();
    const key: ApiKeyRecord = {
      id: newId('key'),
      accountId,
      keyHash: hashApiKey(apiKey),
      prefix: displayPrefix(apiKey),
      label: label ?? null,
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    await this.repo.insertKey(key);
    return { key, apiKey };
  }

  listKeys(accountId?: string): Promise<ApiKeyRecord[]> {
    return this.repo.listKeys(accountId);
  }

  /** Whether a key still works; what a stream token issued through it checks. */
  isKeyActive(keyId: string): Promise<boolean> {
    return this.repo.isKeyActive(keyId);
  }

  async revokeKey(keyId: string): Promise<boolean> {
    const revoked = await this.repo.revokeKey(keyId, new Date().toISOString());
    // Published after the commit: a cache refilled before it would hold the key again.
    if (revoked) {
      this.cache.clear();
      await this.invalidation.publish({ keys: true });
    }
    return revoked;
  }

  /**
   * A key verified recently, without asking the store: the account, `null` for a key that
   * can never be valid (missing or malformed), or undefined when only the store can tell.
   */
  cachedAuthentication(apiKey: string | undefined): Authenticated | null | undefined {
    if (!apiKey || !looksLikeApiKey(apiKey)) return null;
    return this.cache.get(hashApiKey(apiKey));
  }

  /** The account a key belongs to, or undefined for a missing, malformed or revoked key. */
  async authenticate(apiKey: string | undefined): Promise<Authenticated | undefined> {
    if (!apiKey || !looksLikeApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const epoch = this.cache.epoch;
    const record = await this.repo.findActiveKeyByHash(hash);
    if (!record || !hashesEqual(record.keyHash, hash)) return undefined;
    const account = await this.repo.getAccount(record.accountId);
    if (!account) return undefined;
    const value = { account, keyId: record.id };
    this.cache.set(hash, value, epoch);
    return value;
  }
}
