// A revoked key stops working on every process sharing the store within 1 s: two runtimes
// on one PostgreSQL schema (LISTEN/NOTIFY, with a cache TTL far longer than that), and two
// runtimes on one SQLite file (the short TTL), plus the in-process path.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type AppInstance, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Runtime, createRuntime } from '../../src/runtime.ts';
import { type StoreName, testEnv } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

interface Node {
  runtime: Runtime;
  app: AppInstance;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const runtime = await createRuntime(loadConfig(env), { engines: echoEngines() });
  return { runtime, app: await buildApp(runtime, { logger: false }) };
}

async function status(node: Node, headers: Record<string, string>): Promise<number> {
  const res = await node.app.inject({ method: 'GET', url: '/v1/notes/note_missing', headers });
  return res.statusCode;
}

/** Milliseconds until `node` answers 401 to `headers` (polling every 20 ms), or Infinity after 5 s. */
async function msUntilRefused(node: Node, headers: Record<string, string>, since: number): Promise<number> {
  while (Date.now() - since < 5000) {
    if ((await status(node, headers)) === 401) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Number.POSITIVE_INFINITY;
}

const CASES: { store: StoreName; ttlMs: string; why: string }[] = [
  { store: 'postgres', ttlMs: '60000', why: 'NOTIFY reaches the other process long before the TTL' },
  { store: 'sqlite', ttlMs: '500', why: 'the TTL bounds what the other process can miss' },
];

for (const { store, ttlMs, why } of CASES) {
  describe(`key revocation across processes (${store})`, () => {
    test(`a key revoked on one node is refused by the other within 1 s (${why})`, { timeout: 30_000 }, async () => {
      const { env, cleanup } = testEnv(store, { CLINSCRIBE_AUTH_CACHE_TTL_MS: ttlMs });
      const a = await startNode(env);
      const b = await startNode(env);
      try {
        const { account, apiKey, key } = await a.runtime.accounts.createAccount({ name: 'Two nodes', rateLimitPerMinute: 100_000 });
        const headers = { 'x-api-key': apiKey, 'x-account-id': account.id };
        // Both nodes have verified (and cached) the key.
        assert.equal(await status(a, headers), 404);
        assert.equal(await status(b, headers), 404);
        assert.equal(await status(b, headers), 404);

        const revokedAt = Date.now();
        assert.equal(await a.runtime.accounts.revokeKey(key.id), true);
        assert.equal(await status(a, headers), 401, 'the revoking node refuses at once');
        const ms = await msUntilRefused(b, headers, revokedAt);
        assert.ok(ms <= 1000, `the other node still accepted the key ${ms} ms after revocation`);
      } finally {
        await a.app.close();
        await b.app.close();
        await a.runtime.close();
        await b.runtime.close();
        await cleanup();
      }
    });
  });
}

describe('key revocation in one process', () => {
  test('an embedded node refuses a revoked key on the next request, whatever the TTL', async () => {
    const { env, cleanup } = testEnv('sqlite', { CLINSCRIBE_AUTH_CACHE_TTL_MS: '600000' });
    const node = await startNode(env);
    try {
      const { account, apiKey, key } = await node.runtime.accounts.createAccount({ name: 'One node' });
      const headers = { 'x-api-key': apiKey, 'x-account-id': account.id };
      assert.equal(await status(node, headers), 404);
      await node.runtime.accounts.revokeKey(key.id);
      assert.equal(await status(node, headers), 401);
      const second = await node.runtime.accounts.createKey(account.id);
      assert.equal(await status(node, { 'x-api-key': second.apiKey, 'x-account-id': account.id }), 404, 'other keys still work');
    } finally {
      await node.app.close();
      await node.runtime.close();
      await cleanup();
    }
  });
});
