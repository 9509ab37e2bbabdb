// Finished notes are kept serialised in process (CLINSCRIBE_RESULT_CACHE_MB): a kept note
// reads the same as one from the store, only its own account reads it, and a deletion is
// honoured at once on the deleting process and within 1 s on every other process sharing
// the store (NOTIFY on PostgreSQL; the entries' short lifetime on a shared SQLite file).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { type AppInstance, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Runtime, createRuntime } from '../../src/runtime.ts';
import { STORES, type StoreName, testEnv } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

interface Node {
  runtime: Runtime;
  app: AppInstance;
}

async function startNode(env: Record<string, string>, workers: boolean): Promise<Node> {
  const runtime = await createRuntime(loadConfig(env), { engines: echoEngines() });
  const app = await buildApp(runtime, { logger: false });
  if (workers) await runtime.startWorkers();
  return { runtime, app };
}

async function stopNodes(...nodes: Node[]): Promise<void> {
  for (const node of nodes) {
    await node.app.close();
    await node.runtime.close();
  }
}

function get(node: Node, id: string, headers: Record<string, string>) {
  return node.app.inject({ method: 'GET', url: `/v1/notes/${id}`, headers });
}

/** Creates a note through `node` and waits until it is completed there; returns its id. */
async function completedNote(node: Node, headers: Record<string, string>): Promise<string> {
  const created = await node.app.inject({ method: 'POST', url: '/v1/notes', headers, payload: { transcript: 'my knee hurts', noteType: { type: 'soap' } } });
  assert.equal(created.statusCode, 202);
  const id: string = created.json().data.noteId;
  for (const started = Date.now(); Date.now() - started < 15_000; ) {
    const res = await get(node, id, headers);
    if (res.statusCode === 200 && res.json().data.status === 'completed') return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the note did not complete');
}

/** Milliseconds until `node` answers 404 for the note (polling every 20 ms), or Infinity after 5 s. */
async function msUntilGone(node: Node, id: string, headers: Record<string, string>, since: number): Promise<number> {
  while (Date.now() - since < 5000) {
    if ((await get(node, id, headers)).statusCode === 404) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.POSITIVE_INFINITY;
}

for (const store of STORES) {
  describe(`result cache (${store})`, () => {
    test('a kept note reads like the stored one, only for its own account, and is 404 at once when deleted', { timeout: 30_000 }, async () => {
      const { env, cleanup } = testEnv(store);
      const node = await startNode(env, true);
      try {
        const a = await node.runtime.accounts.createAccount({ name: 'A', rateLimitPerMinute: 100_000 });
        const b = await node.runtime.accounts.createAccount({ name: 'B', rateLimitPerMinute: 100_000 });
        const headersA = { 'x-api-key': a.apiKey, 'x-account-id': a.account.id };
        const headersB = { 'x-api-key': b.apiKey, 'x-account-id': b.account.id };
        const id = await completedNote(node, headersA);

        const first = await get(node, id, headersA);
        const kept = await get(node, id, headersA);
        assert.equal(kept.statusCode, 200);
        assert.equal(kept.body, first.body);
        assert.equal(kept.headers['content-type'], first.headers['content-type']);
        assert.equal(kept.headers['content-length'], first.headers['content-length']);
        assert.equal((await get(node, id, headersB)).statusCode, 404, "account B cannot read A's kept note");
        const viaV2 = await node.app.inject({ method: 'GET', url: `/v2/notes/${id}`, headers: headersA });
        assert.equal(viaV2.body, first.body);

        const deleted = await node.app.inject({ method: 'DELETE', url: `/v1/notes/${id}`, headers: headersA });
        assert.equal(deleted.statusCode, 200);
        assert.equal((await get(node, id, headersA)).statusCode, 404, 'the deleting process answers 404 at once');
      } finally {
        await stopNodes(node);
        await cleanup();
      }
    });

    test('a retention purge drops kept notes at once', { timeout: 30_000 }, async () => {
      const { env, cleanup } = testEnv(store);
      const node = await startNode(env, true);
      try {
        const a = await node.runtime.accounts.createAccount({ name: 'A', rateLimitPerMinute: 100_000 });
        const headers = { 'x-api-key': a.apiKey, 'x-account-id': a.account.id };
        const id = await completedNote(node, headers);
        assert.equal((await get(node, id, headers)).statusCode, 200);
        assert.ok((await node.runtime.resources.purgeExpired(new Date(Date.now() + 60_000).toISOString(), 100)) >= 1);
        assert.equal((await get(node, id, headers)).statusCode, 404);
      } finally {
        await stopNodes(node);
        await cleanup();
      }
    });
  });
}

describe('result cache, kept bodies', () => {
  // On PostgreSQL an entry lives for minutes, so the check does not race its lifetime.
  test('a second read is answered from memory: a row removed behind the service is still served within the lifetime', { timeout: 30_000 }, async () => {
    const { env, cleanup } = testEnv('postgres');
    const node = await startNode(env, true);
    const off = await startNode({ ...env, CLINSCRIBE_RESULT_CACHE_MB: '0' }, false);
    try {
      const a = await node.runtime.accounts.createAccount({ name: 'A', rateLimitPerMinute: 100_000 });
      const headers = { 'x-api-key': a.apiKey, 'x-account-id': a.account.id };
      const id = await completedNote(node, headers);
      assert.equal((await get(node, id, headers)).statusCode, 200);
      assert.equal((await get(off, id, headers)).statusCode, 200);
      await sql`delete from resources where id = ${id}`.execute(node.runtime.store.db);
      assert.equal((await get(node, id, headers)).statusCode, 200, 'served from the cache');
      assert.equal((await get(off, id, headers)).statusCode, 404, 'CLINSCRIBE_RESULT_CACHE_MB=0 keeps nothing');
    } finally {
      await stopNodes(node, off);
      await cleanup();
    }
  });
});

const ACROSS: { store: StoreName; why: string }[] = [
  { store: 'postgres', why: 'NOTIFY reaches the other process' },
  { store: 'sqlite', why: "the entries' 500 ms lifetime bounds what the other process can miss" },
];

for (const { store, why } of ACROSS) {
  describe(`result cache across processes (${store})`, () => {
    test(`a note deleted on one node is 404 on the other within 1 s (${why})`, { timeout: 30_000 }, async () => {
      const { env, cleanup } = testEnv(store);
      const a = await startNode(env, true);
      const b = await startNode(env, false);
      try {
        const account = await a.runtime.accounts.createAccount({ name: 'Two nodes', rateLimitPerMinute: 100_000 });
        const headers = { 'x-api-key': account.apiKey, 'x-account-id': account.account.id };
        const id = await completedNote(a, headers);
        // Both nodes keep the finished note.
        assert.equal((await get(b, id, headers)).statusCode, 200);
        assert.equal((await get(b, id, headers)).statusCode, 200);

        const deletedAt = Date.now();
        assert.equal((await a.app.inject({ method: 'DELETE', url: `/v1/notes/${id}`, headers })).statusCode, 200);
        assert.equal((await get(a, id, headers)).statusCode, 404, 'the deleting node answers 404 at once');
        const ms = await msUntilGone(b, id, headers, deletedAt);
        assert.ok(ms <= 1000, `the other node still served the note ${ms} ms after its deletion`);
      } finally {
        await stopNodes(a, b);
        await cleanup();
      }
    });
  });
}
