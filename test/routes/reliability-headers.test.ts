// Response headers that depend on how the request came: the docs page keeps its CSP with a
// query string, and the dashboard cookie is Secure when the request was HTTPS.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startHarness } from '../helpers/harness.ts';

const PASSWORD = 'correct horse battery staple';

test('/docs with a query string gets the docs CSP (its inline script runs)', async () => {
  const h = await startHarness('sqlite', { workers: false });
  try {
    for (const url of ['/docs', '/docs?x=1']) {
      const res = await h.app.inject({ method: 'GET', url });
      assert.match(String(res.headers['content-security-policy']), /script-src 'unsafe-inline'/, url);
    }
    const api = await h.app.inject({ method: 'GET', url: '/openapi.json?docs' });
    assert.equal(api.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
  } finally {
    await h.close();
  }
});

test('the dashboard session cookie is Secure behind a trusted proxy on HTTPS, not on plain HTTP', async () => {
  const h = await startHarness('sqlite', { workers: false, env: { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD, CLINSCRIBE_TRUST_PROXY: '127.0.0.1' } });
  try {
    const login = (proto: string) =>
      h.app.inject({
        method: 'POST',
        url: '/dashboard/login',
        payload: new URLSearchParams({ password: PASSWORD }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-proto': proto,
          host: 'clinic.example',
          origin: `${proto}://clinic.example`,
        },
      });
    const secure = await login('https');
    assert.equal(secure.statusCode, 303, secure.body);
    assert.match(String(secure.headers['set-cookie']), /HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    const plain = await login('http');
    assert.equal(plain.statusCode, 303, plain.body);
    assert.doesNotMatch(String(plain.headers['set-cookie']), /Secure/);
  } finally {
    await h.close();
  }
});
