// Behind a trusted reverse proxy the client address comes from X-Forwarded-For, so clients
// without a key are limited each by their own address, not all together by the proxy's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startHarness } from '../helpers/harness.ts';

// A keyless route that is not a probe (probes are never refused, http/gate.ts).
const from = (address: string) => ({ method: 'GET' as const, url: '/openapi.json', headers: { 'x-forwarded-for': address } });

test('CLINSCRIBE_TRUST_PROXY: anonymous limits count per forwarded client address', async () => {
  const h = await startHarness('sqlite', { workers: false, env: { CLINSCRIBE_TRUST_PROXY: '127.0.0.1', CLINSCRIBE_RATE_LIMIT_PER_MINUTE: '1' } });
  try {
    assert.equal((await h.app.inject(from('203.0.113.1'))).statusCode, 200);
    assert.equal((await h.app.inject(from('203.0.113.2'))).statusCode, 200);
    assert.equal((await h.app.inject(from('203.0.113.1'))).statusCode, 429);
  } finally {
    await h.close();
  }
});

test('without it, X-Forwarded-For is ignored: every request counts against the connecting address', async () => {
  const h = await startHarness('sqlite', { workers: false, env: { CLINSCRIBE_RATE_LIMIT_PER_MINUTE: '1' } });
  try {
    assert.equal((await h.app.inject(from('203.0.113.1'))).statusCode, 200);
    assert.equal((await h.app.inject(from('203.0.113.2'))).statusCode, 429);
  } finally {
    await h.close();
  }
});

test('CLINSCRIBE_TRUST_PROXY values', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ CLINSCRIBE_TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ CLINSCRIBE_TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ CLINSCRIBE_TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy, ['10.0.0.0/8', '::1']);
  assert.throws(() => loadConfig({ CLINSCRIBE_TRUST_PROXY: 'proxy.internal' }), ConfigError);
  assert.throws(() => loadConfig({ CLINSCRIBE_TRUST_PROXY: '10.0.0.0/33' }), ConfigError);
});
