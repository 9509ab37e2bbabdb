// The operators' dashboard (DESIGN §3): accounts, API keys and webhook endpoints with their
// recent deliveries, behind one operator password (CLINSCRIBE_ADMIN_PASSWORD). Server-rendered
// forms, no scripts; sessions are SameSite=Strict cookies and every POST must come from this origin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Account } from '../../store/accounts-repo.ts';
import { DashboardSessions, SESSION_COOKIE, readCookie } from './session.ts';
import { escape, loginPage, page } from './html.ts';

type Form = Record<string, string>;

const HTML = 'text/html; charset=utf-8';
const LOGIN_ATTEMPTS_PER_MINUTE = 10;

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

function numberField(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function accountsTable(accounts: Account[]): string {
  const rows = accounts
    .map(
      (a) => `<tr><td><a href="/dashboard/accounts/${escape(a.id)}">${escape(a.name)}</a></td><td><code>${escape(a.id)}</code></td>
<td>${a.alphaAccess ? 'yes' : 'no'}</td><td>${a.rateLimitPerMinute}/min</td><td>${a.consensusDaily}/day</td><td>${escape(a.createdAt.slice(0, 10))}</td></tr>`,
    )
    .join('');
  return `<table><tr><th>Name</th><th>Account id</th><th>Alpha</th><th>Rate limit</th><th>Consensus</th><th>Created</th></tr>${rows}</table>`;
}

function secretBlock(apiKey: string | undefined): string {
  return apiKey
    ? `<div class="secret">New API key — shown once, copy it now: <code>${escape(apiKey)}</code></div>`
    : '';
}

export function dashboardRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    const password = deps.config.adminPassword;
    const sessions = password ? new DashboardSessions(deps.settings, password) : undefined;

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    // Every dashboard route: off without a password, sessions required, same-origin POSTs.
    app.addHook('onRequest', async (request, reply) => {
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
      if (!sessions) {
        return reply.code(404).type(HTML).send(loginPage('The dashboard is off. Set CLINSCRIBE_ADMIN_PASSWORD to turn it on.'));
      }
      if (request.method === 'POST' && !sameOrigin(request)) return reply.code(403).type(HTML).send(loginPage('Request refused: wrong origin.'));
      if (request.url === '/dashboard/login') return;
      if (!(await sessions.valid(readCookie(request.headers.cookie, SESSION_COOKIE)))) {
        return reply.code(request.method === 'GET' ? 200 : 401).type(HTML).send(loginPage());
      }
    });

    const accountPage = async (reply: FastifyReply, account: Account, apiKey?: string) => {
      const keys = await deps.accounts.listKeys(account.id);
      const endpoints = await deps.webhooks.listEndpoints(account.id);
      const keyRows = keys
        .map(
          (k) => `<tr><td><code>${escape(k.prefix)}…</code></td><td>${escape(k.label ?? '')}</td><td>${escape(k.createdAt.slice(0, 10))}</td>
<td>${k.revokedAt ? `revoked ${escape(k.revokedAt.slice(0, 10))}` : `<form class="inline" method="post" action="/dashboard/keys/${escape(k.id)}/revoke"><input type="hidden" name="account" value="${escape(account.id)}"><button>Revoke</button></form>`}</td></tr>`,
        )
        .join('');
      const hookRows: string[] = [];
      for (const e of endpoints) {
        const deliveries = await deps.webhooks.listDeliveries(e.id, 20);
        const count = (state: string) => deliveries.filter((d) => d.state === state).length;
        hookRows.push(
          `<tr><td>${escape(e.url)}</td><td>${e.enabled ? 'on' : 'off'}</td><td>${escape(e.events.join(', ') || 'all events')}</td>
<td>${count('delivered')} delivered, ${count('pending')} pending, ${count('dead')} dead (last 20)</td></tr>`,
        );
      }
      return reply.type(HTML).send(
        page(
          account.name,
          `<h1>${escape(account.name)}</h1><p><code>${escape(account.id)}</code></p>${secretBlock(apiKey)}
<h2>Settings</h2><form method="post" action="/dashboard/accounts/${escape(account.id)}/update">
<label><input type="checkbox" name="alpha" value="1" ${account.alphaAccess ? 'checked' : ''}> Alpha access</label>
<label>Rate limit per minute <input name="rate_limit" value="${account.rateLimitPerMinute}" size="6"></label>
<label>Consensus per day <input name="consensus_daily" value="${account.consensusDaily}" size="5"></label> <button>Save</button></form>
<h2>API keys</h2><table><tr><th>Key</th><th>Label</th><th>Created</th><th></th></tr>${keyRows}</table>
<form method="post" action="/dashboard/accounts/${escape(account.id)}/keys"><input name="label" placeholder="label (optional)"> <button>Create key</button></form>
<h2>Webhook endpoints</h2><table><tr><th>URL</th><th>Enabled</th><th>Events</th><th>Deliveries</th></tr>${hookRows.join('')}</table>`,
        ),
      );
    };

    const findAccount = async (reply: FastifyReply, id: string) => {
      const account = await deps.accounts.getAccount(id);
      if (!account) reply.code(404).type(HTML).send(page('Not found', '<p>No such account.</p>'));
      return account;
    };

    const opts = { schema: { hide: true }, config: { auth: 'none' as const } };

    app.get('/dashboard', opts, async (_request, reply) => {
      const accounts = await deps.accounts.listAccounts();
      return reply.type(HTML).send(
        page(
          'Accounts',
          `<h1>Accounts</h1>${accountsTable(accounts)}<h2>New account</h2><form method="post" action="/dashboard/accounts">
<input name="name" placeholder="name" required> <label><input type="checkbox" name="alpha" value="1"> Alpha access</label>
<input name="rate_limit" placeholder="rate limit/min" size="12"> <button>Create</button></form>`,
        ),
      );
    });

    app.post('/dashboard/login', opts, async (request, reply) => {
      const attempts = await deps.limiter.hit(`ip:${request.ip}`, 'dashboard-login', LOGIN_ATTEMPTS_PER_MINUTE, 60, { strict: true });
      const form = (request.body ?? {}) as Form;
      if (!attempts.allowed || !sessions!.passwordMatches(form.password ?? '')) {
        return reply.code(attempts.allowed ? 401 : 429).type(HTML).send(loginPage(attempts.allowed ? 'Wrong password.' : 'Too many attempts; wait a minute.'));
      }
      const session = await sessions!.issue();
      reply.header('Set-Cookie', `${SESSION_COOKIE}=${session.value}; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=${session.maxAge}`);
      return reply.redirect('/dashboard', 303);
    });

    app.post('/dashboard/logout', opts, async (_request, reply) => {
      reply.header('Set-Cookie', `${SESSION_COOKIE}=; Path=/dashboard; HttpOnly; SameSite=Strict; Max-Age=0`);
      return reply.redirect('/dashboard', 303);
    });

    app.post('/dashboard/accounts', opts, async (request, reply) => {
      const form = (request.body ?? {}) as Form;
      const name = (form.name ?? '').trim();
      if (!name) return reply.code(400).type(HTML).send(page('Accounts', '<p>A name is required.</p>'));
      const created = await deps.accounts.createAccount({
        name,
        alphaAccess: form.alpha === '1',
        rateLimitPerMinute: numberField(form.rate_limit),
      });
      return accountPage(reply, created.account, created.apiKey);
    });

    app.get('/dashboard/accounts/:id', opts, async (request, reply) => {
      const account = await findAccount(reply, (request.params as { id: string }).id);
      return account ? accountPage(reply, account) : reply;
    });

    app.post('/dashboard/accounts/:id/update', opts, async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const form = (request.body ?? {}) as Form;
      const account = await deps.accounts.updateAccount(id, {
        alphaAccess: form.alpha === '1',
        rateLimitPerMinute: numberField(form.rate_limit),
        consensusDaily: numberField(form.consensus_daily),
      });
      if (!account) return findAccount(reply, id);
      return reply.redirect(`/dashboard/accounts/${encodeURIComponent(id)}`, 303);
    });

    app.post('/dashboard/accounts/:id/keys', opts, async (request, reply) => {
      const account = await findAccount(reply, (request.params as { id: string }).id);
      if (!account) return reply;
      const label = ((request.body ?? {}) as Form).label?.trim() || undefined;
      const created = await deps.accounts.createKey(account.id, label);
      return accountPage(reply, account, created.apiKey);
    });

    app.post('/dashboard/keys/:keyId/revoke', opts, async (request, reply) => {
      await deps.accounts.revokeKey((request.params as { keyId: string }).keyId);
      const accountId = ((request.body ?? {}) as Form).account ?? '';
      return reply.redirect(accountId ? `/dashboard/accounts/${encodeURIComponent(accountId)}` : '/dashboard', 303);
    });
  };
}
