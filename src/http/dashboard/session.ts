// Operator sessions for the dashboard: a signed, expiring cookie; the signing secret is
// shared by every node through the store.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SettingsRepository, sharedSecret } from '../../store/settings-repo.ts';

export const SESSION_COOKIE = 'cs_admin';
const SESSION_SECONDS = 8 * 3600;

export class DashboardSessions {
  private readonly key: () => Promise<string>;

  constructor(
    settings: SettingsRepository,
    private readonly password: string,
  ) {
    this.key = sharedSecret(settings, 'dashboard_session_secret');
  }

  passwordMatches(candidate: string): boolean {
    // Compare digests so the comparison takes the same time whatever the lengths.
    const a = createHmac('sha256', 'dashboard-password').update(candidate).digest();
    const b = createHmac('sha256', 'dashboard-password').update(this.password).digest();
    return timingSafeEqual(a, b);
  }

  async issue(): Promise<{ value: string; maxAge: number }> {
    const expires = Math.floor(Date.now() / 1000) + SESSION_SECONDS;
    const mac = createHmac('sha256', await this.key()).update(String(expires)).digest('base64url');
    return { value: `${expires}.${mac}`, maxAge: SESSION_SECONDS };
  }

  async valid(cookie: string | undefined): Promise<boolean> {
    const [expires, mac] = (cookie ?? '').split('.');
    if (!expires || !mac || Number(expires) < Date.now() / 1000) return false;
    const expected = createHmac('sha256', await this.key()).update(expires).digest();
    const given = Buffer.from(mac, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
