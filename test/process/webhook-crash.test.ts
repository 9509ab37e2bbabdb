// kill -9 of the service while webhook deliveries are pending: after a restart every event
// still arrives (duplicates allowed, same event id).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STORES, testEnv } from '../helpers/harness.ts';
import { killHard, runCli, startProcess, stopGracefully } from '../helpers/processes.ts';
import { eventIds, startReceiver } from '../helpers/receiver.ts';

for (const store of STORES) {
  describe(`webhooks across a crash (${store})`, () => {
    test('events pending at kill -9 are delivered after restart', { timeout: 120_000 }, async () => {
      const { env, cleanup } = testEnv(store, {
        CLINSCRIBE_PORT: '0',
        SLOW_ENGINE_DELAY_MS: '10',
        CLINSCRIBE_WEBHOOK_RETRY_BASE_MS: '100',
        CLINSCRIBE_WEBHOOK_TIMEOUT_MS: '500',
      });
      const receiver = await startReceiver();
      try {
        const created = JSON.parse((await runCli(['accounts', 'create', '--name', 'Hooks', '--rate-limit', '100000'], env)).stdout);
        const headers = { 'x-api-key': created.api_key, 'x-account-id': created.account_id, 'content-type': 'application/json' };
        let server = await startProcess(['test/process/slow-engine-server.ts'], env);
        const hook = await fetch(`${server.url}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url }) });
        assert.equal(hook.status, 201);
        await receiver.stop();
        const notes: string[] = [];
        for (let i = 0; i < 8; i++) {
          const res = await fetch(`${server.url}/v1/notes`, { method: 'POST', headers, body: JSON.stringify({ transcript: `[doctor] ${i}`, noteType: { type: 'soap' } }) });
          notes.push((await res.json()).data.noteId);
        }
        for (const id of notes) {
          for (;;) {
            const res = await (await fetch(`${server.url}/v1/notes/${id}`, { headers })).json();
            if (res.data.status === 'completed') break;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        await killHard(server.child);
        assert.equal(receiver.received.length, 0);
        await receiver.start();
        server = await startProcess(['test/process/slow-engine-server.ts'], env);
        const deadline = Date.now() + 90_000;
        const wanted = new Set(notes);
        while (Date.now() < deadline) {
          const arrived = new Set(receiver.received.map((r) => JSON.parse(r.body).data.id));
          if ([...wanted].every((id) => arrived.has(id))) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const arrived = new Set(receiver.received.map((r) => JSON.parse(r.body).data.id));
        assert.deepEqual([...wanted].filter((id) => !arrived.has(id)), []);
        assert.equal(eventIds(receiver).size, notes.length);
        assert.equal(await stopGracefully(server.child), 0);
      } finally {
        await receiver.close();
        await cleanup();
      }
    });
  });
}
