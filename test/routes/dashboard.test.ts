import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { type Harness, STORES, eventually, startHarness } from '../helpers/harness.ts';
import { startReceiver } from '../helpers/receiver.ts';

const PASSWORD = 'correct horse battery staple';
const origin = { origin: 'http://localhost:80', host: 'localhost:80' };

function form(fields: Record<string, string | string[]>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) params.append(k, value);
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin } };
}

async function signIn(app: Harness['app']): Promise<{ cookie: string; csrf: string }> {
  const login = await app.inject({ method: 'POST', url: '/dashboard/login', ...form({ password: PASSWORD }) });
  assert.equal(login.statusCode, 303);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const home = await app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(home.body)?.[1];
  assert.ok(csrf, 'pages carry a CSRF token');
  return { cookie, csrf };
}

function post(h: Harness, session: { cookie: string; csrf: string }, url: string, fields: Record<string, string | string[]> = {}) {
  const f = form({ _csrf: session.csrf, ...fields });
  return h.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, cookie: session.cookie } });
}

/** Follows a 303 like a browser: with the session and any cookie the answer set. */
async function follow(h: Harness, session: { cookie: string }, res: { statusCode: number; headers: Record<string, unknown> }) {
  assert.equal(res.statusCode, 303);
  const set = [res.headers['set-cookie'] ?? []].flat().map((c) => String(c).split(';')[0]!);
  const cookie = [session.cookie, ...set].join('; ');
  return h.app.inject({ method: 'GET', url: String(res.headers.location), headers: { cookie } });
}

describe('operators dashboard', () => {
  test('off without a password', async () => {
    const h = await startHarness('sqlite', { workers: false });
    try {
      const res = await h.app.inject({ method: 'GET', url: '/dashboard' });
      assert.equal(res.statusCode, 404);
      assert.match(res.body, /CLINSCRIBE_ADMIN_PASSWORD/);
    } finally {
      await h.close();
    }
  });

  test('sign in, create an account (key shown once), create and revoke keys; sessions, origins and CSRF enforced', async () => {
    const h = await startHarness('sqlite', { workers: false, env: { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD } });
    try {
      const anonymous = await h.app.inject({ method: 'GET', url: '/dashboard' });
      assert.match(anonymous.body, /Operator password/);
      // Browsers keep the Origin header on the sign-in POST only if the page allows it.
      assert.equal(anonymous.headers['referrer-policy'], 'same-origin');
      assert.match(String(anonymous.headers['content-security-policy']), /default-src 'none'; script-src 'self'/);
      const wrong = await h.app.inject({ method: 'POST', url: '/dashboard/login', ...form({ password: 'nope' }) });
      assert.equal(wrong.statusCode, 401);
      const login = await h.app.inject({ method: 'POST', url: '/dashboard/login', ...form({ password: PASSWORD }) });
      assert.match(String(login.headers['set-cookie']), /HttpOnly; SameSite=Strict/);
      const session = await signIn(h.app);

      const created = await follow(h, session, await post(h, session, '/dashboard/accounts', { name: 'Eastside <Clinic>', alpha: '1' }));
      assert.equal(created.statusCode, 200);
      assert.match(created.body, /Eastside &lt;Clinic&gt;/);
      const apiKey = /<code id="new-api-key">(csk_[A-Za-z0-9]{40})<\/code>/.exec(created.body)?.[1];
      assert.ok(apiKey, 'the new key is shown once');
      const accountId = /<code>(acct_[A-Za-z0-9]+)<\/code>/.exec(created.body)?.[1] as string;
      assert.equal((await h.runtime.accounts.authenticate(apiKey))?.account.id, accountId);

      const page = await h.app.inject({ method: 'GET', url: `/dashboard/accounts/${accountId}`, headers: { cookie: session.cookie } });
      assert.doesNotMatch(page.body, /csk_[A-Za-z0-9]{40}/);
      // The key rode to that one page sealed for this session: another session cannot open it.
      const flash = String((await post(h, session, `/dashboard/accounts/${accountId}/keys`, { label: 'x' })).headers['set-cookie']).split(';')[0]!;
      const other = await signIn(h.app);
      const stolen = await h.app.inject({ method: 'GET', url: `/dashboard/accounts/${accountId}`, headers: { cookie: `${other.cookie}; ${flash}` } });
      assert.doesNotMatch(stolen.body, /csk_[A-Za-z0-9]{40}/);
      const mine = await h.app.inject({ method: 'GET', url: `/dashboard/accounts/${accountId}`, headers: { cookie: `${session.cookie}; ${flash}` } });
      assert.match(mine.body, /<code id="new-api-key">csk_[A-Za-z0-9]{40}<\/code>/);
      assert.match(String(mine.headers['set-cookie']), /cs_flash=; .*Max-Age=0/);
      assert.match(page.body, /<table id="usage">/);
      const keyId = /\/dashboard\/keys\/(key_[A-Za-z0-9]+)\/revoke/.exec(page.body)?.[1] as string;
      const revoked = await post(h, session, `/dashboard/keys/${keyId}/revoke`, { account: accountId });
      assert.equal(revoked.statusCode, 303);
      await new Promise((r) => setTimeout(r, 2100));
      assert.equal(await h.runtime.accounts.authenticate(apiKey), undefined);

      const toggled = await post(h, session, `/dashboard/accounts/${accountId}/update`, { rate_limit: '77' });
      assert.equal(toggled.statusCode, 303);
      const after = await h.runtime.accounts.getAccount(accountId);
      assert.deepEqual([after?.alphaAccess, after?.rateLimitPerMinute], [false, 77]);

      const foreign = await h.app.inject({
        method: 'POST',
        url: '/dashboard/accounts',
        payload: `name=Evil&_csrf=${session.csrf}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, origin: 'https://evil.example', host: 'localhost:80' },
      });
      assert.equal(foreign.statusCode, 403);
      const nullOrigin = await h.app.inject({
        method: 'POST',
        url: '/dashboard/accounts',
        payload: `name=Evil&_csrf=${session.csrf}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, origin: 'null', host: 'localhost:80' },
      });
      assert.equal(nullOrigin.statusCode, 403);
      const noToken = await h.app.inject({ method: 'POST', url: '/dashboard/accounts', ...form({ name: 'Evil' }), headers: { ...form({}).headers, cookie: session.cookie } });
      assert.equal(noToken.statusCode, 403);
      const noSession = await h.app.inject({ method: 'POST', url: '/dashboard/accounts', ...form({ name: 'Nobody', _csrf: session.csrf }) });
      assert.equal(noSession.statusCode, 401);
      assert.equal((await h.runtime.accounts.listAccounts()).filter((a) => a.name === 'Nobody' || a.name === 'Evil').length, 0);
    } finally {
      await h.close();
    }
  });

  for (const store of STORES) test(`${store}: a session ends at sign-out, and every session ends when the admin password changes`, async () => {
    const h = await startHarness(store, { workers: false, env: { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD } });
    try {
      const signedIn = (app: Harness['app'], cookie: string) =>
        app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } }).then((r) => !/Operator password/.test(r.body));
      const first = await signIn(h.app);
      const second = await signIn(h.app);
      assert.equal(await signedIn(h.app, first.cookie), true);
      await h.runtime.resources.create('coding', h.accountId, { text: 'cough' });
      const usage = await h.app.inject({ method: 'GET', url: `/dashboard/accounts/${h.accountId}`, headers: { cookie: first.cookie } });
      assert.match(usage.body, /<tr><td>Codings<\/td><td>1<\/td><td>0<\/td><td>0<\/td><td>1<\/td><\/tr>/);
      assert.equal((await post(h, first, '/dashboard/logout')).statusCode, 303);
      assert.equal(await signedIn(h.app, first.cookie), false, 'the signed-out cookie no longer works');
      assert.equal(await signedIn(h.app, second.cookie), true, 'other sessions are untouched');

      // The same store, restarted with a new password: the old cookie is dead.
      const changed = await buildApp({ ...h.runtime, config: { ...h.runtime.config, adminPassword: 'a brand new password' } }, { logger: false });
      try {
        assert.equal(await signedIn(changed, second.cookie), false);
      } finally {
        await changed.close();
      }
      const forged = `${second.cookie.split('.')[0]}.${Math.floor(Date.now() / 1000) + 3600}.${second.cookie.split('.')[2]}`;
      assert.equal(await signedIn(h.app, forged), false, 'an altered expiry breaks the signature');
    } finally {
      await h.close();
    }
  });

  test('webhook endpoints: register (secret once), delivery log, redelivery, secret rotation', async () => {
    const h = await startHarness('sqlite', { env: { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD } });
    const receiver = await startReceiver();
    try {
      const session = await signIn(h.app);
      const base = `/dashboard/accounts/${h.accountId}/webhooks`;
      const refused = await post(h, session, base, { url: 'not a url' });
      assert.equal(refused.statusCode, 400);
      const registered = await follow(h, session, await post(h, session, base, { url: receiver.url, event: ['note_generation.succeeded', 'coding.succeeded'] }));
      assert.equal(registered.statusCode, 200);
      const secret = /<code id="new-webhook-secret">(whsec_\w+)<\/code>/.exec(registered.body)?.[1];
      assert.ok(secret);
      const [endpoint] = await h.runtime.webhooks.listEndpoints(h.accountId);
      assert.deepEqual(endpoint!.events.sort(), ['coding.succeeded', 'note_generation.succeeded']);

      await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: 'Patient has a cough.' } });
      await eventually(async () => (receiver.received.length >= 1 ? true : undefined));
      const log = await h.app.inject({ method: 'GET', url: base, headers: { cookie: session.cookie } });
      assert.match(log.body, /coding\.succeeded/);
      const deliveryId = /deliveries\/(\w+)\/redeliver/.exec(log.body)?.[1];
      const again = await post(h, session, `${base}/${endpoint!.id}/deliveries/${deliveryId}/redeliver`);
      assert.equal(again.statusCode, 303);
      await eventually(async () => (receiver.received.length >= 2 ? true : undefined));

      const rotated = await follow(h, session, await post(h, session, `${base}/${endpoint!.id}/rotate`));
      const newSecret = /<code id="new-webhook-secret">(whsec_\w+)<\/code>/.exec(rotated.body)?.[1];
      assert.ok(newSecret && newSecret !== secret);
      assert.equal((await h.runtime.webhooks.findEndpoint(endpoint!.id))?.previousSecret, secret);
      assert.doesNotMatch((await h.app.inject({ method: 'GET', url: base, headers: { cookie: session.cookie } })).body, /whsec_/);
    } finally {
      await receiver.close();
      await h.close();
    }
  });

  test('the playground writes a note whose facts are marked with their transcript evidence', async () => {
    const h = await startHarness('sqlite', { env: { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD } });
    try {
      const session = await signIn(h.app);
      const transcript = '[doctor] What brings you in?\n[patient] I have had a sore throat and a fever for three days.\n[doctor] Are you allergic to anything?\n[patient] Sulfa drugs give me hives.';
      const started = await post(h, session, '/dashboard/playground', { account: h.accountId, transcript });
      assert.equal(started.statusCode, 303);
      const url = String(started.headers.location);
      const done = await eventually(async () => {
        const res = await h.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
        return /http-equiv="refresh"/.test(res.body) ? undefined : res.body;
      });
      assert.match(done, /<script src="\/dashboard\/assets\/playground\.js" defer><\/script>/);
      const marks = [...done.matchAll(/<mark tabindex="0" data-evidence="([\d\- ]+)">([^<]*)<\/mark>/g)];
      assert.ok(marks.length >= 2, 'several facts are marked');
      for (const [, evidence] of marks) {
        for (const range of evidence!.split(' ')) {
          const [start, end] = range.split('-').map(Number);
          assert.ok(start! >= 0 && end! <= transcript.length && start! < end!);
          assert.ok(done.includes(`data-from="${start}"`), 'the transcript has a segment where each evidence span starts');
        }
      }
      assert.ok(marks.some(([, , text]) => /sulfa/i.test(text!)));
      const script = await h.app.inject({ method: 'GET', url: '/dashboard/assets/playground.js' });
      assert.match(String(script.headers['content-type']), /^text\/javascript/);
      const refused = await post(h, session, '/dashboard/playground', { account: h.accountId, transcript: '   ' });
      assert.equal(refused.statusCode, 400);
    } finally {
      await h.close();
    }
  });
});
