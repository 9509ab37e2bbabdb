// A resource whose job will never run again (the queue gave up after the worker died on the
// last attempt, or the job is gone) is failed by the maintenance sweep, with its event.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { QueueName } from '../../src/jobs/queue.ts';
import { sweepStranded } from '../../src/work/maintenance.ts';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

type Loss = 'failed' | 'deleted';

/** What the queue does to a job whose retries are used up, or an operator deleting it. */
async function loseJob(h: Harness, resourceId: string, loss: Loss, queue: QueueName = 'resource'): Promise<void> {
  const db = h.runtime.store.db;
  if (h.runtime.store.caps.queue === 'sqlite-table') {
    const jobs = db.selectFrom('queue_jobs').select('id').where('kind', '=', queue).where('resource_id', '=', resourceId);
    if (loss === 'failed') await db.updateTable('queue_jobs').set({ state: 'dead' }).where('id', 'in', jobs).execute();
    else await db.deleteFrom('queue_jobs').where('id', 'in', jobs).execute();
    return;
  }
  const table = sql.table(`${h.runtime.store.schema}_jobs.job`);
  const match = sql`name = ${queue} and data->>'id' = ${resourceId}`;
  if (loss === 'failed') await sql`update ${table} set state = 'failed' where ${match}`.execute(db);
  else await sql`delete from ${table} where ${match}`.execute(db);
}

async function ageResource(h: Harness, id: string): Promise<void> {
  const old = new Date(Date.now() - 10 * 60_000).toISOString();
  await h.runtime.store.db.updateTable('resources').set({ updated_at: old }).where('id', '=', id).execute();
}

async function createNote(h: Harness): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: '[doctor] hello', noteType: { type: 'soap' } } });
  assert.equal(res.statusCode, 202);
  return res.json().data.noteId;
}

for (const store of STORES) {
  describe(`stranded resources (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), workers: false });
    });
    after(() => h.close());

    for (const loss of ['failed', 'deleted'] as Loss[]) {
      test(`a resource whose job was ${loss} is failed once, with its failed event`, async () => {
        const id = await createNote(h);
        await loseJob(h, id, loss);
        await ageResource(h, id);
        assert.deepEqual(await sweepStranded(h.runtime), { resources: 1, deliveries: 0 });
        const res = await h.app.inject({ method: 'GET', url: `/v1/notes/${id}`, headers: h.stable });
        assert.equal(res.json().data.status, 'failed');
        assert.match(res.json().data.error, /submit the request again/);
        const events = await h.runtime.outbox.listForResource(id);
        assert.deepEqual(events.map((e) => e.type), ['note_generation.failed']);
        assert.equal((await sweepStranded(h.runtime)).resources, 0, 'a settled resource is not settled again');
      });
    }

    test('a pending delivery whose job failed counts an interrupted attempt and gets a new job', async () => {
      const hook = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: 'http://127.0.0.1:9/hook' } });
      assert.equal(hook.statusCode, 201);
      const { runtime } = h;
      const eventId = await runtime.store.db
        .transaction()
        .execute((trx) => runtime.events.record(trx, h.accountId, 'coding_s', { type: 'coding.succeeded', data: { id: 'coding_s' } }));
      const { id } = await runtime.store.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
      await loseJob(h, id, 'failed', 'webhook');
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      await runtime.store.db.updateTable('webhook_deliveries').set({ updated_at: old }).where('id', '=', id).execute();
      assert.deepEqual(await sweepStranded(runtime), { resources: 0, deliveries: 1 });
      const delivery = await runtime.webhooks.findDelivery(id);
      assert.equal(delivery?.state, 'pending');
      assert.equal(delivery?.attempts, 1);
      assert.equal(delivery?.lastError, 'interrupted');
      assert.deepEqual([...(await runtime.queue.liveJobs('webhook', [id]))], [id]);
      assert.equal((await sweepStranded(runtime)).deliveries, 0);
    });

    test('open resources with a waiting job, or changed recently, are left alone', async () => {
      const waiting = await createNote(h);
      await ageResource(h, waiting);
      const recent = await createNote(h);
      await loseJob(h, recent, 'deleted');
      assert.equal((await sweepStranded(h.runtime)).resources, 0);
      for (const id of [waiting, recent]) {
        const res = await h.app.inject({ method: 'GET', url: `/v1/notes/${id}`, headers: h.stable });
        assert.equal(res.json().data.status, 'processing');
        assert.deepEqual(await h.runtime.outbox.listForResource(id), []);
      }
    });
  });
}
