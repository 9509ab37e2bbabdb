// What every dashboard page handler shares: the operator's session of this request, form
// reading, and small reply helpers.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Session, readCookie } from './session.ts';
import { escape, page } from './html.ts';

export type Form = Record<string, string>;
export const HTML = 'text/html; charset=utf-8';
/** Dashboard routes are operator pages: hidden from /openapi.json, authenticated by session. */
export const PAGE = { schema: { hide: true }, config: { auth: 'none' as const } };

const sessions = new WeakMap<FastifyRequest, Session>();

export function attachSession(request: FastifyRequest, session: Session): void {
  sessions.set(request, session);
}

export function sessionOf(request: FastifyRequest): Session {
  const session = sessions.get(request);
  if (!session) throw new Error('dashboard route reached without a session');
  return session;
}

export function formOf(request: FastifyRequest): Form {
  return (request.body ?? {}) as Form;
}

export function numberField(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function sendPage(request: FastifyRequest, reply: FastifyReply, title: string, body: string, options: { status?: number; script?: string } = {}) {
  return reply
    .code(options.status ?? 200)
    .type(HTML)
    .send(page(title, body, sessionOf(request).csrf, options));
}

export function notFound(request: FastifyRequest, reply: FastifyReply, what: string) {
  return sendPage(request, reply, 'Not found', `<p>No such ${escape(what)}.</p>`, { status: 404 });
}

/** The form's CSRF token matches this session's (multipart forms are checked by their handler). */
export function csrfValid(request: FastifyRequest, token: unknown): boolean {
  const expected = Buffer.from(sessionOf(request).csrf);
  const given = Buffer.from(typeof token === 'string' ? token : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const FLASH_COOKIE = 'cs_flash';
const FLASH_SECONDS = 120;

/**
 * Post/redirect/get for a secret shown once: the secret rides to the next page in a cookie
 * sealed for this session (never stored server-side), so reloading that page re-submits nothing.
 */
export function redirectWithSecret(request: FastifyRequest, reply: FastifyReply, location: string, secret: string) {
  const sealed = sessionOf(request).seal(secret);
  reply.header('Set-Cookie', `${FLASH_COOKIE}=${sealed}; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=${FLASH_SECONDS}`);
  return reply.redirect(location, 303);
}

/** The secret the previous POST handed over, once: the cookie is cleared as it is read. */
export function takeSecret(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const sealed = readCookie(request.headers.cookie, FLASH_COOKIE);
  if (sealed === undefined) return undefined;
  reply.header('Set-Cookie', `${FLASH_COOKIE}=; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=0`);
  return sessionOf(request).open(sealed);
}
