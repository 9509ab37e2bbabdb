// Short-lived tokens for the streaming WebSocket, so browsers never hold the API key.
// Stateless: an HMAC over the account id, the issuing API key's id and the expiry, keyed by
// a secret shared in the store. The key id lets a revoked key's tokens die with it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SettingsRepository, sharedSecret } from '../store/settings-repo.ts';

const PREFIX = 'cst_';

export interface StreamGrant {
  accountId: string;
  keyId: string;
}

export class StreamTokens {
  private readonly key: () => Promise<string>;

  constructor(settings: Pick<SettingsRepository, 'getOrCreate'>) {
    this.key = sharedSecret(settings, 'stream_token_secret');
  }

  async issue(grant: StreamGrant, expiresInSeconds: number): Promise<{ token: string; expiresAt: string }> {
    const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const body = Buffer.from(JSON.stringify({ a: grant.accountId, k: grant.keyId, e: exp })).toString('base64url');
    const mac = createHmac('sha256', await this.key()).update(body).digest('base64url');
    return { token: `${PREFIX}${body}.${mac}`, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The account and key a valid, unexpired token was issued through. */
  async verify(token: string | undefined): Promise<StreamGrant | undefined> {
    if (!token?.startsWith(PREFIX)) return undefined;
    const [body, mac] = token.slice(PREFIX.length).split('.');
    if (!body || !mac) return undefined;
    const expected = createHmac('sha256', await this.key()).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const { a, k, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      const valid = typeof a === 'string' && typeof k === 'string' && typeof e === 'number' && e > Date.now() / 1000;
      return valid ? { accountId: a, keyId: k } : undefined;
    } catch {
      return undefined;
    }
  }
}
