// Dashboard pages for accounts: list and create, settings (alpha toggle, limits), API keys
// (created keys are shown once, revoke) and usage over the last 30 days.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Account } from '../../store/accounts-repo.ts';
import { type Form, PAGE, formOf, notFound, numberField, redirectWithSecret, sendPage, sessionOf, takeSecret } from './context.ts';
import { csrfField, escape } from './html.ts';

const USAGE_DAYS = 30;
const KIND_NAMES: Record<string, string> = {
  note: 'Notes',
  coding: 'Codings',
  transcription: 'Transcriptions',
  template: 'Template jobs',
  consensus: 'Consensus',
};

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
  return apiKey ? `<div class="secret" role="status">New API key — shown once, copy it now: <code id="new-api-key">${escape(apiKey)}</code></div>` : '';
}

/** What the account pages reach: the accounts service and usage counts. */
export type AccountPagesDeps = Pick<AppDeps, 'accounts' | 'resources'>;

async function usageTable(deps: AccountPagesDeps, accountId: string): Promise<string> {
  const since = new Date(Date.now() - USAGE_DAYS * 86_400_000).toISOString();
  const counts = await deps.resources.usage(accountId, since);
  const rows = Object.entries(KIND_NAMES).map(([kind, name]) => {
    const of = (status?: string) => counts.filter((c) => c.kind === kind && (!status || c.status === status)).reduce((n, c) => n + c.count, 0);
    return `<tr><td>${name}</td><td>${of()}</td><td>${of('completed')}</td><td>${of('failed')}</td><td>${of('pending') + of('processing')}</td></tr>`;
  });
  return `<table id="usage"><tr><th>Resource</th><th>Created</th><th>Completed</th><th>Failed</th><th>Open</th></tr>${rows.join('')}</table>`;
}

async function accountPage(deps: AccountPagesDeps, request: FastifyRequest, reply: FastifyReply, account: Account) {
  const handed = takeSecret(request, reply);
  const apiKey = handed?.startsWith('csk_') ? handed : undefined;
  const csrf = csrfField(sessionOf(request).csrf);
  const keys = await deps.accounts.listKeys(account.id);
  const keyRows = keys
    .map(
      (k) => `<tr><td><code>${escape(k.prefix)}…</code></td><td>${escape(k.label ?? '')}</td><td>${escape(k.createdAt.slice(0, 10))}</td>
<td>${k.revokedAt ? `revoked ${escape(k.revokedAt.slice(0, 10))}` : `<form class="inline" method="post" action="/dashboard/keys/${escape(k.id)}/revoke">${csrf}<input type="hidden" name="account" value="${escape(account.id)}"><button>Revoke</button></form>`}</td></tr>`,
    )
    .join('');
  const id = escape(account.id);
  return sendPage(
    request,
    reply,
    account.name,
    `<h1>${escape(account.name)}</h1><p><code>${id}</code> · <a href="/dashboard/accounts/${id}/webhooks">Webhook endpoints</a> · <a href="/dashboard/playground?account=${id}">Try it in the playground</a></p>${secretBlock(apiKey)}
<h2>Settings</h2><form method="post" action="/dashboard/accounts/${id}/update">${csrf}
<label><input type="checkbox" name="alpha" value="1" ${account.alphaAccess ? 'checked' : ''}> Alpha access</label>
<label>Rate limit per minute <input name="rate_limit" value="${account.rateLimitPerMinute}" size="6"></label>
<label>Consensus per day <input name="consensus_daily" value="${account.consensusDaily}" size="5"></label> <button>Save</button></form>
<h2>Usage (last ${USAGE_DAYS} days)</h2>${await usageTable(deps, account.id)}
<h2>API keys</h2><table id="keys"><tr><th>Key</th><th>Label</th><th>Created</th><th></th></tr>${keyRows}</table>
<form method="post" action="/dashboard/accounts/${id}/keys">${csrf}<input name="label" placeholder="label (optional)"> <button>Create key</button></form>`,
  );
}

export function accountPages(app: FastifyInstance, deps: AccountPagesDeps): void {
  const findAccount = (id: string) => deps.accounts.getAccount(id);

  app.get('/dashboard', PAGE, async (request, reply) => {
    const accounts = await deps.accounts.listAccounts();
    return sendPage(
      request,
      reply,
      'Accounts',
      `<h1>Accounts</h1>${accountsTable(accounts)}<h2>New account</h2><form method="post" action="/dashboard/accounts">${csrfField(sessionOf(request).csrf)}
<input name="name" placeholder="name" required> <label><input type="checkbox" name="alpha" value="1"> Alpha access</label>
<input name="rate_limit" placeholder="rate limit/min" size="12"> <button>Create</button></form>`,
    );
  });

  app.post('/dashboard/accounts', PAGE, async (request, reply) => {
    const form = formOf(request);
    const name = (form.name ?? '').trim();
    if (!name) return sendPage(request, reply, 'Accounts', '<p class="error">A name is required.</p>', { status: 400 });
    const created = await deps.accounts.createAccount({ name, alphaAccess: form.alpha === '1', rateLimitPerMinute: numberField(form.rate_limit) });
    return redirectWithSecret(request, reply, `/dashboard/accounts/${encodeURIComponent(created.account.id)}`, created.apiKey);
  });

  app.get('/dashboard/accounts/:id', PAGE, async (request, reply) => {
    const account = await findAccount((request.params as { id: string }).id);
    return account ? accountPage(deps, request, reply, account) : notFound(request, reply, 'account');
  });

  app.post('/dashboard/accounts/:id/update', PAGE, async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const form: Form = formOf(request);
    const account = await deps.accounts.updateAccount(id, {
      alphaAccess: form.alpha === '1',
      rateLimitPerMinute: numberField(form.rate_limit),
      consensusDaily: numberField(form.consensus_daily),
    });
    if (!account) return notFound(request, reply, 'account');
    return reply.redirect(`/dashboard/accounts/${encodeURIComponent(id)}`, 303);
  });

  app.post('/dashboard/accounts/:id/keys', PAGE, async (request, reply) => {
    const account = await findAccount((request.params as { id: string }).id);
    if (!account) return notFound(request, reply, 'account');
    const label = formOf(request).label?.trim() || undefined;
    const created = await deps.accounts.createKey(account.id, label);
    return redirectWithSecret(request, reply, `/dashboard/accounts/${encodeURIComponent(account.id)}`, created.apiKey);
  });

  app.post('/dashboard/keys/:keyId/revoke', PAGE, async (request, reply) => {
    await deps.accounts.revokeKey((request.params as { keyId: string }).keyId);
    const accountId = formOf(request).account ?? '';
    return reply.redirect(accountId ? `/dashboard/accounts/${encodeURIComponent(accountId)}` : '/dashboard', 303);
  });
}
