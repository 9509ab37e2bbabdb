// A job still running at CLINSCRIBE_JOB_TIMEOUT_MS fails with a clear reason and is not retried.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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

test('at the deadline the programs the job started are stopped, not left running', async () => {
  const { runProgram } = await import('../../src/engines/speech/process.ts');
  const marker = `${30 + Math.floor(Math.random() * 1000) / 1000}`; // a sleep only this test starts
  const engines: Partial<Engines> = {
    coding: {
      code: async () => {
        await runProgram('sleep', [marker], { timeoutMs: 60_000 });
        return { diagnoses: [], procedures: [] };
      },
    },
  };
  const running = (): boolean => spawnSync('pgrep', ['-f', `^sleep ${marker}$`]).status === 0;
  const h = await startHarness('sqlite', { engines, config: { jobTimeoutMs: 500 } });
  try {
    const res = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: 'knee pain' } });
    const done = await finished(h, `/v1/codings/${res.json().data.id}`, h.stable);
    assert.equal(done.data.status, 'failed');
    for (let i = 0; i < 20 && running(); i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(running(), false);
  } finally {
    await h.close();
  }
});
