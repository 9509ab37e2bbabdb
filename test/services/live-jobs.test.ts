// liveJobs answers for a whole page of ids at once, on both queues: ids with a waiting job
// are live, unknown ids and ids whose job finished are not.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STORES, eventually, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`liveJobs (${store})`, () => {
    test('a page of ids: waiting jobs are live, unknown and finished ones are not', { timeout: 60_000 }, async () => {
      const h = await startHarness(store, { engines: echoEngines(), workers: false });
      try {
        const request = { transcript: '[doctor] hello', noteType: { type: 'soap' } };
        const waiting = [];
        for (let i = 0; i < 3; i++) waiting.push((await h.runtime.resources.create('note', h.accountId, request)).id);
        const page = [...waiting, 'note_unknown_1', 'note_unknown_2'];
        assert.deepEqual([...(await h.runtime.queue.liveJobs('resource', page))].sort(), [...waiting].sort());
        assert.deepEqual([...(await h.runtime.queue.liveJobs('resource', []))], []);
        assert.deepEqual([...(await h.runtime.queue.liveJobs('webhook', page))], [], 'another queue has none of them');

        await h.runtime.startWorkers();
        await eventually(async () => ((await h.runtime.queue.liveJobs('resource', page)).size === 0 ? true : undefined), 30_000);
      } finally {
        await h.close();
      }
    });
  });
}
