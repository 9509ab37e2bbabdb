// The CLI contract of DESIGN §3, run as operators run it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testEnv } from '../helpers/harness.ts';
import { runCli, startProcess, stopGracefully } from '../helpers/processes.ts';

describe('clinscribe CLI', () => {
  test('accounts and keys: create, list, update, revoke; serve prints its URL', { timeout: 120_000 }, async () => {
    const { env, cleanup } = testEnv('sqlite', { CLINSCRIBE_PORT: '0' });
    try {
      const created = await runCli(['accounts', 'create', '--name', 'Northside Clinic', '--alpha', '--rate-limit', '120', '--consensus-daily', '5'], env);
      assert.equal(created.code, 0, created.stderr);
      const account = JSON.parse(created.stdout);
      assert.match(account.account_id, /^acct_[A-Za-z0-9]+$/);
      assert.match(account.api_key, /^csk_[A-Za-z0-9]{40}$/);
      assert.equal(account.alpha_access, true);
      assert.equal(account.rate_limit_per_minute, 120);
      assert.equal(account.consensus_daily, 5);

      const listed = JSON.parse((await runCli(['accounts', 'list'], env)).stdout);
      assert.equal(listed.length, 1);
      assert.equal(listed[0].api_key, undefined);

      const updated = JSON.parse((await runCli(['accounts', 'update', account.account_id, '--no-alpha', '--rate-limit', '60'], env)).stdout);
      assert.equal(updated.alpha_access, false);
      assert.equal(updated.rate_limit_per_minute, 60);

      const key = JSON.parse((await runCli(['keys', 'create', '--account', account.account_id, '--label', 'ci'], env)).stdout);
      assert.match(key.api_key, /^csk_/);
      const keys = JSON.parse((await runCli(['keys', 'list', '--account', account.account_id], env)).stdout);
      assert.equal(keys.length, 2);
      assert.ok(keys.every((k: Record<string, unknown>) => k.api_key === undefined && String(k.prefix).length < 20));

      const server = await startProcess(['bin/clinscribe.js', 'serve', '--port', '0'], env);
      try {
        const headers = { 'x-api-key': key.api_key, 'x-account-id': account.account_id };
        assert.equal((await fetch(`${server.url}/v1/notes/note_missing`, { headers })).status, 404);
        const revoked = await runCli(['keys', 'revoke', key.key_id], env);
        assert.deepEqual(JSON.parse(revoked.stdout), { key_id: key.key_id, revoked: true });
        // Well-formed commands naming what does not exist are failures (1), not usage errors (2).
        const again = await runCli(['keys', 'revoke', key.key_id], env);
        assert.equal(again.code, 1);
        assert.match(again.stderr, /no active key/);
        assert.equal((await runCli(['accounts', 'update', 'acct_missing', '--alpha'], env)).code, 1);
        await new Promise((r) => setTimeout(r, 2100)); // the key cache lives 2 s
        assert.equal((await fetch(`${server.url}/v1/notes/note_missing`, { headers })).status, 401);
      } finally {
        assert.equal(await stopGracefully(server.child), 0);
      }

      const usage = await runCli(['accounts', 'create'], env);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /--name/);
      const unknown = await runCli(['frobnicate'], env);
      assert.equal(unknown.code, 2);
    } finally {
      await cleanup();
    }
  });
});
