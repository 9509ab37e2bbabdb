// SQLite queue: a job whose every allowed attempt died with its worker (the lease lapsed each
// time) is settled failed when claimed again, without running the engine once more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Engines } from '../../src/engines/ports.ts';
import { finished, startHarness } from '../helpers/harness.ts';

/**
 * A note whose job was claimed `usedAttempts` times by workers that died (its last lease
 * lapsed), then picked up by a live worker; with at most 2 attempts. Returns the final note
 * and how often the engine ran.
 */
async function afterDeadWorkers(usedAttempts: number) {
  let calls = 0;
  const engines: Partial<Engines> = {
    notes: {
      async generateNote() {
        calls++;
        return { markdown: 'ran', json: {} };
      },
    },
  };
  const h = await startHarness('sqlite', { engines, workers: false, config: { jobMaxAttempts: 2 } });
  try {
    const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: '[doctor] hi', noteType: { type: 'soap' } } });
    const id = res.json().data.noteId;
    const lapsed = new Date(Date.now() - 60_000).toISOString();
    await h.runtime.store.db
      .updateTable('queue_jobs')
      .set({ state: 'leased', attempts: usedAttempts, lease_until: lapsed })
      .where('resource_id', '=', id)
      .execute();
    await h.runtime.startWorkers();
    const note = (await finished(h, `/v1/notes/${id}`, h.stable)).data;
    const events = (await h.runtime.outbox.listForResource(id)).map((e) => e.type);
    const jobsLeft = await h.runtime.store.db.selectFrom('queue_jobs').select('state').where('resource_id', '=', id).execute();
    return { note, calls, events, jobsLeft };
  } finally {
    await h.close();
  }
}

test('a lease-expired job past the attempt limit fails its resource with the event, engine not called', async () => {
  const { note, calls, events, jobsLeft } = await afterDeadWorkers(2);
  assert.equal(note.status, 'failed');
  assert.match(note.error, /submit the request again/);
  assert.equal(calls, 0);
  assert.deepEqual(events, ['note_generation.failed']);
  assert.deepEqual(jobsLeft, []);
});

test('a lease-expired job within the attempt limit runs again', async () => {
  const { note, calls, events } = await afterDeadWorkers(1);
  assert.equal(note.status, 'completed');
  assert.equal(calls, 1);
  assert.deepEqual(events, ['note_generation.succeeded']);
});
