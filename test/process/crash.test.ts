// kill -9 of the service while jobs run: after a restart every accepted job completes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STORES, testEnv } from '../helpers/harness.ts';
import { killHard, runCli, startProcess, stopGracefully } from '../helpers/processes.ts';

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

for (const store of STORES) {
  describe(`crash recovery (${store})`, () => {
    test('every accepted job completes after kill -9 and restart', { timeout: 120_000 }, async () => {
      const { env, cleanup } = testEnv(store, { CLINSCRIBE_PORT: '0', CLINSCRIBE_LOG_LEVEL: 'silent', SLOW_ENGINE_DELAY_MS: '300' });
      try {
        const created = await runCli(['accounts', 'create', '--name', 'Crash clinic', '--rate-limit', '100000'], env);
        assert.equal(created.code, 0, created.stderr);
        const { account_id: accountId, api_key: apiKey } = JSON.parse(created.stdout);
        const headers = { 'x-api-key': apiKey, 'x-account-id': accountId, 'content-type': 'application/json' };

        let server = await startProcess(['test/process/slow-engine-server.ts'], env);
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await json(`${server.url}/v1/notes`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ transcript: `[doctor] visit ${i}`, noteType: { type: 'soap' } }),
          });
          assert.equal(res.status, 202);
          ids.push(res.body.data.noteId);
        }
        // Let some jobs start (and a few finish), then kill the process mid-run.
        await new Promise((r) => setTimeout(r, 700));
        const before = await Promise.all(ids.map((id) => json(`${server.url}/v1/notes/${id}`, { headers })));
        const unfinished = before.filter((r) => r.body.data.status !== 'completed').length;
        assert.ok(unfinished > 0, 'the kill must come while jobs are still open');
        await killHard(server.child);

        server = await startProcess(['test/process/slow-engine-server.ts'], env);
        const deadline = Date.now() + 90_000;
        const pending = new Set(ids);
        while (pending.size && Date.now() < deadline) {
          for (const id of [...pending]) {
            const res = await json(`${server.url}/v1/notes/${id}`, { headers });
            assert.equal(res.status, 200);
            assert.notEqual(res.body.data.status, 'failed');
            if (res.body.data.status === 'completed') pending.delete(id);
          }
          await new Promise((r) => setTimeout(r, 200));
        }
        assert.equal(pending.size, 0, `${pending.size} of ${ids.length} jobs never completed`);
        assert.equal(await stopGracefully(server.child), 0);
      } finally {
        await cleanup();
      }
    });
  });
}
