// Readiness goes through the readiness service: ready while the store answers, 503 once it does not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AppDeps } from '../../src/app-deps.ts';
import { buildApp } from '../../src/app.ts';
import type { HealthRouteDeps } from '../../src/http/routes/health.ts';
import { storeReadiness } from '../../src/services/readiness.ts';
import { type Harness, startHarness } from '../helpers/harness.ts';

// Checked by the type check: the HTTP app and its health routes cannot name the store, the queue or the outbox.
type Reaches<T, K extends PropertyKey> = K extends keyof T ? true : false;
const appReachesStore: Reaches<AppDeps, 'store' | 'queue' | 'outbox' | 'events'> = false;
const healthReachesStore: Reaches<HealthRouteDeps, 'store'> = false;
void [appReachesStore, healthReachesStore];

describe('readiness', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite');
  });
  after(async () => h.close());

  test('/readyz is ready and names the store while the store answers', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { status: 'ready', store: 'sqlite' });
  });

  test('/readyz answers 503 when the readiness service says the store does not answer', async () => {
    const app = await buildApp({ ...h.runtime, readiness: { check: async () => ({ ready: false, store: 'sqlite' }) } }, { logger: false });
    try {
      const r = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(r.statusCode, 503);
      assert.deepEqual(r.json(), { status: 'unavailable', store: 'sqlite' });
    } finally {
      await app.close();
    }
  });

  test('the store readiness is lost when the store is closed', async () => {
    const other = await startHarness('sqlite');
    const readiness = storeReadiness(other.runtime.store);
    assert.equal((await readiness.check()).ready, true);
    await other.close();
    assert.deepEqual(await readiness.check(), { ready: false, store: 'sqlite' });
  });
});
