// Two runs of one delivery at once (a duplicated job) must not fork its retry chain: only
// the first to record its attempt schedules the next one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { deliverWebhook } from '../../src/webhooks/delivery.ts';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { echoEngines } from '../helpers/test-engines.ts';

async function queuedJobs(h: Harness, deliveryId: string): Promise<number> {
  const db = h.runtime.store.db;
  if (h.runtime.store.caps.queue === 'sqlite-table') {
    const rows = await db.selectFrom('queue_jobs').select('id').where('kind', '=', 'webhook').where('resource_id', '=', deliveryId).execute();
    return rows.length;
  }
  const table = sql.table(`${h.runtime.store.schema}_jobs.job`);
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${table} where name = 'webhook' and data->>'id' = ${deliveryId}`.execute(db);
  return Number(rows[0].n);
}

for (const store of STORES) {
  describe(`delivery attempts (${store})`, () => {
    let h: Harness;
    let receiver: Receiver;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), workers: false, env: { CLINSCRIBE_WEBHOOK_RETRY_BASE_MS: '60000' } });
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
      await h.close();
    });

    test('two concurrent runs of a failing delivery record one attempt and schedule one retry', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: receiver.url } });
      assert.equal(res.statusCode, 201);
      const { runtime } = h;
      const eventId = await runtime.store.db
        .transaction()
        .execute((trx) => runtime.events.record(trx, h.accountId, 'note_x', { type: 'note_generation.succeeded', data: { id: 'note_x' } }));
      const delivery = await runtime.store.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
      assert.equal(await queuedJobs(h, delivery.id), 1);
      receiver.script.push('fail', 'fail');
      const deps = runtime.delivery;
      await Promise.all([deliverWebhook(deps, delivery.id), deliverWebhook(deps, delivery.id)]);
      const after = await runtime.webhooks.findDelivery(delivery.id);
      assert.equal(after?.state, 'pending');
      assert.equal(after?.attempts, 1);
      assert.equal((await runtime.webhooks.listAttempts(delivery.id)).length, 1);
      assert.equal(await queuedJobs(h, delivery.id), 2, 'the original job and one retry, not two');
    });
  });
}
