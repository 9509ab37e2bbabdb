// Operator sessions for the dashboard: a signed, expiring cookie naming a session the store
// keeps. Logging out deletes the session; changing CLINSCRIBE_ADMIN_PASSWORD ends every
// session, because the password's digest is part of what each cookie signs.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SettingsRepository, sharedSecret } from '../../store/settings-repo.ts';

export const SESSION_COOKIE = 'cs_admin';
const SESSION_SECONDS = 8 * 3600;
const SESSION_KEY_PREFIX = 'dashboard_session:';

export interface Session {
  id: string;
  /** Sent back in every form: a POST without it is refused (CSRF). */
  csrf: string;
  /** Encrypts a short text only this session can read back (a secret shown once after a redirect). */
  seal(text: string): string;
  /** The text `seal` made for this session, or undefined for anything else. */
  open(sealed: string | undefined): string | undefined;
}

function sealWith(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function openWith(key: Buffer, sealed: string | undefined): string | undefined {
  const raw = Buffer.from(sealed ?? '', 'base64url');
  if (raw.length < 29) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class DashboardSessions {
  private readonly key: () => Promise<string>;
  private readonly passwordDigest: string;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly password: string,
  ) {
    this.key = sharedSecret(settings, 'dashboard_session_secret');
    this.passwordDigest = createHmac('sha256', 'dashboard-password').update(password).digest('hex');
  }

  passwordMatches(candidate: string): boolean {
    // Compare digests so the comparison takes the same time whatever the lengths.
    const a = createHmac('sha256', 'dashboard-password').update(candidate).digest();
    return timingSafeEqual(a, Buffer.from(this.passwordDigest, 'hex'));
  }

  private async mac(purpose: string, ...parts: string[]): Promise<string> {
    return createHmac('sha256', await this.key()).update([purpose, this.passwordDigest, ...parts].join('\u0000')).digest('base64url');
  }

  async issue(): Promise<{ value: string; maxAge: number }> {
    await this.sweep();
    const id = randomBytes(18).toString('base64url');
    const expires = String(Math.floor(Date.now() / 1000) + SESSION_SECONDS);
    await this.settings.put(`${SESSION_KEY_PREFIX}${id}`, expires);
    return { value: `${id}.${expires}.${await this.mac('session', id, expires)}`, maxAge: SESSION_SECONDS };
  }

  /** The live session a cookie names, or undefined (forged, expired, logged out, old password). */
  async read(cookie: string | undefined): Promise<Session | undefined> {
    const [id, expires, mac] = (cookie ?? '').split('.');
    if (!id || !expires || !mac || !/^\d+$/.test(expires) || Number(expires) < Date.now() / 1000) return undefined;
    if (!safeEqual(mac, await this.mac('session', id, expires))) return undefined;
    if ((await this.settings.get(`${SESSION_KEY_PREFIX}${id}`)) !== expires) return undefined;
    const flashKey = Buffer.from(await this.mac('flash', id), 'base64url');
    return {
      id,
      csrf: await this.mac('csrf', id),
      seal: (text) => sealWith(flashKey, text),
      open: (sealed) => openWith(flashKey, sealed),
    };
  }

  csrfMatches(session: Session, token: string | undefined): boolean {
    return typeof token === 'string' && safeEqual(token, session.csrf);
  }

  async end(session: Session): Promise<void> {
    await this.settings.delete(`${SESSION_KEY_PREFIX}${session.id}`);
  }

  /** Expired sessions are forgotten when the next one starts. */
  private async sweep(): Promise<void> {
    const now = Date.now() / 1000;
    for (const row of await this.settings.listPrefixed(SESSION_KEY_PREFIX)) {
      if (Number(row.value) < now) await this.settings.delete(row.key);
    }
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
