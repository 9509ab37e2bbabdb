// Maintenance purges what has ended and is past keeping: dead queue jobs after 7 days, and
// with a retention period settled webhook deliveries and their attempts. Open work stays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runMaintenance } from '../../src/work/maintenance.ts';
import { startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

test('dead queue jobs, settled deliveries and old attempts past retention are purged; the rest is kept (sqlite)', async () => {
  const h = await startHarness('sqlite', { engines: echoEngines(), workers: false, env: { CLINSCRIBE_RETENTION_DAYS: '30' } });
  try {
    const { db } = h.runtime.store;
    const job = (id: string, state: 'dead' | 'ready', runAt: string) => ({
      resource_id: id, kind: 'resource', state, run_at: runAt, lease_until: null, attempts: 5, last_error: null, created_at: runAt,
    });
    await db.insertInto('queue_jobs').values([job('old-dead', 'dead', daysAgo(8)), job('new-dead', 'dead', daysAgo(1)), job('old-ready', 'ready', daysAgo(8))]).execute();

    const delivery = (id: string, state: 'pending' | 'delivered' | 'dead', updatedAt: string) => ({
      id, event_id: 'evt_x', endpoint_id: 'wh_x', account_id: h.accountId, state, attempts: 1, next_attempt_at: null,
      last_status_code: null, last_error: null, last_latency_ms: null, created_at: updatedAt, updated_at: updatedAt,
    });
    await db.insertInto('webhook_deliveries').values([
      delivery('dlv_old_dead', 'dead', daysAgo(31)),
      delivery('dlv_old_done', 'delivered', daysAgo(31)),
      delivery('dlv_new_dead', 'dead', daysAgo(2)),
      delivery('dlv_old_pending', 'pending', daysAgo(31)),
    ]).execute();
    const attempt = (deliveryId: string, at: string) => ({ delivery_id: deliveryId, attempted_at: at, status_code: 500, error: null, latency_ms: 5 });
    await db.insertInto('webhook_attempts').values([
      attempt('dlv_old_dead', daysAgo(31)),
      attempt('dlv_new_dead', daysAgo(2)),
      attempt('dlv_old_pending', daysAgo(40)),
      attempt('dlv_old_pending', daysAgo(1)),
    ]).execute();

    await runMaintenance(h.runtime);

    const jobs = await db.selectFrom('queue_jobs').select('resource_id').where('resource_id', 'like', '%-%').orderBy('resource_id').execute();
    assert.deepEqual(jobs.map((j) => j.resource_id), ['new-dead', 'old-ready']);
    const deliveries = await db.selectFrom('webhook_deliveries').select('id').orderBy('id').execute();
    assert.deepEqual(deliveries.map((d) => d.id), ['dlv_new_dead', 'dlv_old_pending']);
    const attempts = await db.selectFrom('webhook_attempts').select(['delivery_id', 'attempted_at']).orderBy('delivery_id').execute();
    assert.deepEqual(attempts.map((a) => a.delivery_id), ['dlv_new_dead', 'dlv_old_pending']);
  } finally {
    await h.close();
  }
});
