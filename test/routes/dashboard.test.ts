import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startHarness } from '../helpers/harness.ts';

const PASSWORD = 'correct horse battery staple';
const origin = { origin: 'http://localhost:80', host: 'localhost:80' };

function form(fields: Record<string, string>) {
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin } };
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

  test('sign in, create an account (key shown once), create and revoke keys; sessions and origins enforced', async () => {
    const h = await startHarness('sqlite', { workers: false, env: { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD } });
    try {
      const anonymous = await h.app.inject({ method: 'GET', url: '/dashboard' });
      assert.match(anonymous.body, /Operator password/);
      const wrong = await h.app.inject({ method: 'POST', url: '/dashboard/login', ...form({ password: 'nope' }) });
      assert.equal(wrong.statusCode, 401);
      const login = await h.app.inject({ method: 'POST', url: '/dashboard/login', ...form({ password: PASSWORD }) });
      assert.equal(login.statusCode, 303);
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      assert.match(String(login.headers['set-cookie']), /HttpOnly; SameSite=Strict/);
      const withSession = (fields: Record<string, string>) => {
        const f = form(fields);
        return { payload: f.payload, headers: { ...f.headers, cookie } };
      };

      const created = await h.app.inject({ method: 'POST', url: '/dashboard/accounts', ...withSession({ name: 'Eastside <Clinic>', alpha: '1' }) });
      assert.equal(created.statusCode, 200);
      assert.match(created.body, /Eastside &lt;Clinic&gt;/);
      const apiKey = /<code>(csk_[A-Za-z0-9]{40})<\/code>/.exec(created.body)?.[1];
      assert.ok(apiKey, 'the new key is shown once');
      const accountId = /<code>(acct_[A-Za-z0-9]+)<\/code>/.exec(created.body)?.[1] as string;
      assert.equal((await h.runtime.accounts.authenticate(apiKey))?.account.id, accountId);

      const page = await h.app.inject({ method: 'GET', url: `/dashboard/accounts/${accountId}`, headers: { cookie } });
      assert.doesNotMatch(page.body, /csk_[A-Za-z0-9]{40}/);
      const keyId = /\/dashboard\/keys\/(key_[A-Za-z0-9]+)\/revoke/.exec(page.body)?.[1] as string;
      const revoked = await h.app.inject({ method: 'POST', url: `/dashboard/keys/${keyId}/revoke`, ...withSession({ account: accountId }) });
      assert.equal(revoked.statusCode, 303);
      await new Promise((r) => setTimeout(r, 2100));
      assert.equal(await h.runtime.accounts.authenticate(apiKey), undefined);

      const foreign = await h.app.inject({
        method: 'POST',
        url: '/dashboard/accounts',
        payload: 'name=Evil',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: 'https://evil.example', host: 'localhost:80' },
      });
      assert.equal(foreign.statusCode, 403);
      const noSession = await h.app.inject({ method: 'POST', url: '/dashboard/accounts', ...form({ name: 'Nobody' }) });
      assert.equal(noSession.statusCode, 401);
      assert.equal((await h.runtime.accounts.listAccounts()).filter((a) => a.name === 'Nobody' || a.name === 'Evil').length, 0);
    } finally {
      await h.close();
    }
  });
});
