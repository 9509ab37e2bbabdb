// A job still running at CLINSCRIBE_JOB_TIMEOUT_MS fails with a clear reason and is not retried.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Engines } from '../../src/engines/ports.ts';
import { STORES, finished, startHarness } from '../helpers/harness.ts';

for (const store of STORES) {
  test(`a job past its deadline fails once with the time limit in result.error (${store})`, async () => {
    let calls = 0;
    const engines: Partial<Engines> = {
      coding: {
        code: () => {
          calls++;
          return new Promise(() => {}); // an engine that never answers
        },
      },
    };
    const h = await startHarness(store, { engines, config: { jobTimeoutMs: 300 } });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: 'knee pain' } });
      const done = await finished(h, `/v1/codings/${res.json().data.id}`, h.stable);
      assert.equal(done.data.status, 'failed');
      assert.match(done.data.result.error, /did not finish within the time limit of 1 s/);
      assert.equal(calls, 1);
      assert.deepEqual((await h.runtime.outbox.listForResource(done.data.id)).map((e) => e.type), ['coding.failed']);
    } finally {
      await h.close();
    }
  });
}
