// Accounts and keys as operators manage them (CLI and dashboard) and as requests prove them.
import type { Config } from '../config.ts';
import { newId } from '../ids.ts';
import type { Account, AccountsRepository, ApiKeyRecord } from '../store/accounts-repo.ts';
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

const CACHE_MS = 2_000;

export class AccountsService {
  /** A short cache of successful key checks; revocation takes effect within CACHE_MS. */
  private readonly cache = new Map<string, { value: Authenticated; until: number }>();

  constructor(
    private readonly repo: AccountsRepository,
    private readonly config: Config,
  ) {}

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

  updateAccount(id: string, changes: Partial<NewAccount>): Promise<Account | undefined> {
    this.cache.clear();
    return this.repo.updateAccount(id, changes, new Date().toISOString());
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
    this.cache.clear();
    return this.repo.revokeKey(keyId, new Date().toISOString());
  }

  /** The account a key belongs to, or undefined for a missing, malformed or revoked key. */
  async authenticate(apiKey: string | undefined): Promise<Authenticated | undefined> {
    if (!apiKey || !looksLikeApiKey(apiKey)) return undefined;
    const hash = hashApiKey(apiKey);
    const cached = this.cache.get(hash);
    if (cached && cached.until > Date.now()) return cached.value;
    const record = await this.repo.findActiveKeyByHash(hash);
    if (!record || !hashesEqual(record.keyHash, hash)) return undefined;
    const account = await this.repo.getAccount(record.accountId);
    if (!account) return undefined;
    const value = { account, keyId: record.id };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { value, until: Date.now() + CACHE_MS });
    return value;
  }
}
