// Two service processes on one PostgreSQL database; one is killed with SIGKILL while jobs
// run on both. The survivor, never restarted, completes every accepted job: the dead one's
// jobs come back once their heartbeat lapses, and none ends failed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testEnv } from '../helpers/harness.ts';
import { killHard, runCli, startProcess, stopGracefully } from '../helpers/processes.ts';

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

describe('scale-out: kill -9 of one of two processes (postgres)', () => {
  test('the other process completes every accepted job', { timeout: 150_000 }, async () => {
    const { env, cleanup } = testEnv('postgres', {
      CLINSCRIBE_PORT: '0',
      CLINSCRIBE_LOG_LEVEL: 'silent',
      SLOW_ENGINE_DELAY_MS: '400',
      CLINSCRIBE_WORKER_CONCURRENCY: '2',
    });
    try {
      const created = await runCli(['accounts', 'create', '--name', 'Two nodes', '--rate-limit', '100000'], env);
      assert.equal(created.code, 0, created.stderr);
      const { account_id: accountId, api_key: apiKey } = JSON.parse(created.stdout);
      const headers = { 'x-api-key': apiKey, 'x-account-id': accountId, 'content-type': 'application/json' };

      const survivor = await startProcess(['test/process/slow-engine-server.ts'], env);
      const victim = await startProcess(['test/process/slow-engine-server.ts'], env);
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) {
        const node = i % 2 === 0 ? survivor : victim;
        const res = await json(`${node.url}/v1/notes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ transcript: `[doctor] visit ${i}`, noteType: { type: 'soap' } }),
        });
        assert.equal(res.status, 202);
        ids.push(res.body.data.noteId);
      }
      await new Promise((r) => setTimeout(r, 600));
      const before = await Promise.all(ids.map((id) => json(`${survivor.url}/v1/notes/${id}`, { headers })));
      assert.ok(before.some((r) => r.body.data.status !== 'completed'), 'the kill must come while jobs are still open');
      await killHard(victim.child);

      const pending = new Set(ids);
      const deadline = Date.now() + 120_000;
      while (pending.size && Date.now() < deadline) {
        for (const id of [...pending]) {
          const res = await json(`${survivor.url}/v1/notes/${id}`, { headers });
          assert.equal(res.status, 200);
          assert.notEqual(res.body.data.status, 'failed', `note ${ids.indexOf(id)} failed`);
          if (res.body.data.status === 'completed') pending.delete(id);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(pending.size, 0, `${pending.size} of ${ids.length} jobs never completed`);
      assert.equal(await stopGracefully(survivor.child), 0);
    } finally {
      await cleanup();
    }
  });
});
