// Short-lived tokens for the streaming WebSocket, so browsers never hold the API key.
// Stateless: an HMAC over the account id and expiry, keyed by a secret shared in the store.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SettingsRepository, sharedSecret } from '../store/settings-repo.ts';

const PREFIX = 'cst_';

export class StreamTokens {
  private readonly key: () => Promise<string>;

  constructor(settings: Pick<SettingsRepository, 'getOrCreate'>) {
    this.key = sharedSecret(settings, 'stream_token_secret');
  }

  async issue(accountId: string, expiresInSeconds: number): Promise<{ token: string; expiresAt: string }> {
    const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const body = Buffer.from(JSON.stringify({ a: accountId, e: exp })).toString('base64url');
    const mac = createHmac('sha256', await this.key()).update(body).digest('base64url');
    return { token: `${PREFIX}${body}.${mac}`, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The account a valid, unexpired token was issued to. */
  async verify(token: string | undefined): Promise<string | undefined> {
    if (!token?.startsWith(PREFIX)) return undefined;
    const [body, mac] = token.slice(PREFIX.length).split('.');
    if (!body || !mac) return undefined;
    const expected = createHmac('sha256', await this.key()).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const { a, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return typeof a === 'string' && typeof e === 'number' && e > Date.now() / 1000 ? a : undefined;
    } catch {
      return undefined;
    }
  }
}
