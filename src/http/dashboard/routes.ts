// The operators' dashboard (DESIGN §3): accounts, API keys, usage, webhook endpoints and a
// playground, behind one operator password (CLINSCRIBE_ADMIN_PASSWORD). Server-rendered
// forms plus one static script. Sessions are SameSite=Strict cookies; every POST must come
// from this origin and (once signed in) carry the session's CSRF token.
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { type AccountPagesDeps, accountPages } from './accounts-pages.ts';
import { HTML, PAGE, attachSession, csrfValid, formOf } from './context.ts';
import { loginPage } from './html.ts';
import { PLAYGROUND_SCRIPT, type PlaygroundDeps, playgroundPages } from './playground.ts';
import { DashboardSessions, SESSION_COOKIE, readCookie } from './session.ts';
import { type WebhookPagesDeps, webhookPages } from './webhooks-page.ts';

const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Percent-encoded UTF-8 takes up to 9 bytes a character (a 3-byte character as %XX%XX%XX). */
const URLENCODED_BYTES_PER_CHAR = 9;
const CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const SCRIPT = fs.readFileSync(new URL('./assets/playground.js', import.meta.url), 'utf8');
const PUBLIC = new Set(['/dashboard/login', PLAYGROUND_SCRIPT]);

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  try {
    const source = new URL(origin);
    // Normalise the Host header the way URL normalises the origin (default ports dropped).
    return source.host === new URL(`${source.protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

/** Repeated fields (checkboxes) become arrays; the rest stay strings. */
function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const prior = out[key];
    out[key] = prior === undefined ? value : [prior].flat().concat(value);
  }
  return out;
}

/** What the dashboard reaches: its login limit and session store, and what each page group declares. */
export type DashboardRouteDeps = Pick<AppDeps, 'config' | 'limiter' | 'settings'> & AccountPagesDeps & WebhookPagesDeps & PlaygroundDeps;

export function dashboardRoutes(deps: DashboardRouteDeps) {
  return async (app: FastifyInstance) => {
    const password = deps.config.adminPassword;
    const sessions = password ? new DashboardSessions(deps.settings, password) : undefined;

    // Form bodies: the playground's transcript is the largest field, bounded like the API's.
    const formBodyLimit = deps.config.maxTranscriptChars * URLENCODED_BYTES_PER_CHAR + 64 * 1024;
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: formBodyLimit }, (_req, body, done) => {
      done(null, parseForm(String(body)));
    });

    // Every dashboard route: off without a password, sessions required, same-origin POSTs.
    app.addHook('onRequest', async (request, reply) => {
      reply.header('Content-Security-Policy', CSP);
      // The app-wide no-referrer makes browsers send `Origin: null` on form POSTs, which the
      // origin check below must refuse; same-origin keeps the origin and leaks nothing outside.
      reply.header('Referrer-Policy', 'same-origin');
      if (!sessions) {
        return reply.code(404).type(HTML).send(loginPage('The dashboard is off. Set CLINSCRIBE_ADMIN_PASSWORD to turn it on.'));
      }
      if (request.method === 'POST' && !sameOrigin(request)) return reply.code(403).type(HTML).send(loginPage('Request refused: wrong origin.'));
      const path = request.url.split('?')[0]!;
      if (PUBLIC.has(path)) return;
      const session = await sessions.read(readCookie(request.headers.cookie, SESSION_COOKIE));
      if (!session) return reply.code(request.method === 'GET' ? 200 : 401).type(HTML).send(loginPage());
      attachSession(request, session);
    });

    // Signed-in form POSTs carry the session's token; multipart handlers check it themselves.
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST' || PUBLIC.has(request.url.split('?')[0]!) || request.isMultipart()) return;
      if (!csrfValid(request, formOf(request)._csrf)) return reply.code(403).type(HTML).send(loginPage('Request refused: the form has expired; reload the page.'));
    });

    app.get(PLAYGROUND_SCRIPT, PAGE, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));

    app.post('/dashboard/login', PAGE, async (request, reply) => {
      const attempts = await deps.limiter.hit(`ip:${request.ip}`, 'dashboard-login', LOGIN_ATTEMPTS_PER_MINUTE, 60, { strict: true });
      const form = formOf(request);
      if (!attempts.allowed || !sessions!.passwordMatches(form.password ?? '')) {
        return reply.code(attempts.allowed ? 401 : 429).type(HTML).send(loginPage(attempts.allowed ? 'Wrong password.' : 'Too many attempts; wait a minute.'));
      }
      const session = await sessions!.issue();
      reply.header('Set-Cookie', `${SESSION_COOKIE}=${session.value}; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=${session.maxAge}`);
      return reply.redirect('/dashboard', 303);
    });

    app.post('/dashboard/logout', PAGE, async (request, reply) => {
      const session = await sessions!.read(readCookie(request.headers.cookie, SESSION_COOKIE));
      if (session) await sessions!.end(session);
      reply.header('Set-Cookie', `${SESSION_COOKIE}=; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=0`);
      return reply.redirect('/dashboard', 303);
    });

    accountPages(app, deps);
    webhookPages(app, deps);
    playgroundPages(app, deps);
  };
}
