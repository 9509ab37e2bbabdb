// Dashboard page for an account's webhook endpoints: register, the delivery log with
// redelivery, secret rotation. Thin: the same WebhooksService (URL guard, caps, rotation,
// redelivery) as the API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { EVENT_TYPES } from '../../webhooks/events.ts';
import { WebhookRefusal } from '../../services/webhooks-service.ts';
import type { Account } from '../../store/accounts-repo.ts';
import type { WebhookEndpoint } from '../../store/webhooks-repo.ts';
import { PAGE, redirectWithSecret, notFound, sendPage, sessionOf, takeSecret } from './context.ts';
import { csrfField, escape } from './html.ts';

const DELIVERIES_SHOWN = 20;

type Params = { id: string; endpointId?: string; deliveryId?: string };

/** What the webhook pages reach: the accounts and webhooks services. */
export type WebhookPagesDeps = Pick<AppDeps, 'accounts' | 'webhooksService'>;

async function endpointBlock(deps: WebhookPagesDeps, e: WebhookEndpoint, csrf: string): Promise<string> {
  const deliveries = await deps.webhooksService.deliveries(e.accountId, e.id, DELIVERIES_SHOWN);
  const base = `/dashboard/accounts/${escape(e.accountId)}/webhooks/${escape(e.id)}`;
  const rows: string[] = [];
  for (const d of deliveries) {
    const type = d.eventType ?? '(event deleted)';
    rows.push(`<tr><td>${escape(d.createdAt.replace('T', ' ').slice(0, 19))}</td><td>${escape(type)}</td><td>${escape(d.state)}</td><td>${d.attempts}</td>
<td>${escape(d.lastStatusCode ?? '')}</td><td>${escape(d.lastError ?? '')}</td>
<td><form class="inline" method="post" action="${base}/deliveries/${escape(d.id)}/redeliver">${csrf}<button>Redeliver</button></form></td></tr>`);
  }
  return `<section class="panel endpoint"><h3>${escape(e.url)}</h3>
<p><code>${escape(e.id)}</code> · ${e.enabled ? 'enabled' : 'disabled'} · events: ${escape(e.events.join(', ') || 'all')}
${e.previousSecretExpiresAt ? ` · previous secret signs until ${escape(e.previousSecretExpiresAt.slice(0, 16))}` : ''}</p>
<form class="inline" method="post" action="${base}/rotate">${csrf}<button>Rotate secret</button></form>
<h4>Deliveries (last ${DELIVERIES_SHOWN})</h4>
<table><tr><th>Created</th><th>Event</th><th>State</th><th>Attempts</th><th>Last status</th><th>Last error</th><th></th></tr>${rows.join('') || '<tr><td colspan="7">No deliveries yet.</td></tr>'}</table></section>`;
}

async function webhooksPage(deps: WebhookPagesDeps, request: FastifyRequest, reply: FastifyReply, account: Account, notice = '', status = 200) {
  const handed = takeSecret(request, reply);
  if (handed?.startsWith('whsec_')) notice += secretNotice(handed);
  const csrf = csrfField(sessionOf(request).csrf);
  const endpoints = await deps.webhooksService.list(account.id);
  const blocks = await Promise.all(endpoints.map((e) => endpointBlock(deps, e, csrf)));
  const events = EVENT_TYPES.map((t) => `<label class="event"><input type="checkbox" name="event" value="${escape(t)}"> ${escape(t)}</label>`).join(' ');
  return sendPage(
    request,
    reply,
    `Webhooks · ${account.name}`,
    `<h1>Webhook endpoints</h1><p><a href="/dashboard/accounts/${escape(account.id)}">${escape(account.name)}</a> · <code>${escape(account.id)}</code></p>${notice}
${blocks.join('') || '<p>No endpoints yet.</p>'}
<h2>Register an endpoint</h2><form method="post" action="/dashboard/accounts/${escape(account.id)}/webhooks">${csrf}
<p><input name="url" type="url" placeholder="https://example.com/hooks/clinscribe" size="50" required></p>
<p>Events (none ticked = all): ${events}</p><p><button>Register</button></p></form>`,
    { status },
  );
}

const secretNotice = (secret: string) =>
  `<div class="secret" role="status">Signing secret — shown once, copy it now: <code id="new-webhook-secret">${escape(secret)}</code></div>`;

/** A refusal of the service as the page shows it; anything else is a real error. */
function refusalOf(error: unknown): WebhookRefusal {
  if (error instanceof WebhookRefusal) return error;
  throw error;
}

export function webhookPages(app: FastifyInstance, deps: WebhookPagesDeps): void {
  const service = deps.webhooksService;
  const account = (request: FastifyRequest) => deps.accounts.getAccount((request.params as Params).id);
  const back = (a: Account) => `/dashboard/accounts/${encodeURIComponent(a.id)}/webhooks`;

  app.get('/dashboard/accounts/:id/webhooks', PAGE, async (request, reply) => {
    const a = await account(request);
    return a ? webhooksPage(deps, request, reply, a) : notFound(request, reply, 'account');
  });

  app.post('/dashboard/accounts/:id/webhooks', PAGE, async (request, reply) => {
    const a = await account(request);
    if (!a) return notFound(request, reply, 'account');
    const body = request.body as Record<string, string | string[]>;
    const events = [body.event ?? []].flat().filter((e) => EVENT_TYPES.includes(e));
    try {
      const created = await service.register(a.id, { url: String(body.url ?? ''), events });
      return redirectWithSecret(request, reply, back(a), created.secret);
    } catch (error) {
      const refusal = refusalOf(error);
      const status = refusal.kind === 'rate_limited' ? 429 : refusal.kind === 'too_many' ? 422 : 400;
      return webhooksPage(deps, request, reply, a, `<p class="error" role="alert">${escape(refusal.message)}</p>`, status);
    }
  });

  app.post('/dashboard/accounts/:id/webhooks/:endpointId/rotate', PAGE, async (request, reply) => {
    const a = await account(request);
    if (!a) return notFound(request, reply, 'webhook endpoint');
    try {
      const rotated = await service.update(a.id, (request.params as Params).endpointId!, { rotateSecret: true });
      return redirectWithSecret(request, reply, back(a), rotated.secret);
    } catch (error) {
      return notFound(request, reply, refusalOf(error).kind === 'not_found' ? 'webhook endpoint' : 'webhook endpoint (refused)');
    }
  });

  app.post('/dashboard/accounts/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver', PAGE, async (request, reply) => {
    const a = await account(request);
    if (!a) return notFound(request, reply, 'webhook endpoint');
    const p = request.params as Params;
    try {
      await service.redeliver(a.id, p.endpointId!, p.deliveryId!);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.kind === 'not_found') return notFound(request, reply, 'delivery (or its event was deleted)');
      return webhooksPage(deps, request, reply, a, `<p class="error" role="alert">${escape(refusal.message)}</p>`, 429);
    }
    return reply.redirect(back(a), 303);
  });
}
