// CLI: a rate limit of 0 would lock the account out; it is a usage error, not an account.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testEnv } from '../helpers/harness.ts';
import { runCli } from '../helpers/processes.ts';

test('--rate-limit below 1 is a usage error (exit 2) on create and update; --consensus-daily 0 is fine', { timeout: 60_000 }, async () => {
  const { env, cleanup } = testEnv('sqlite');
  try {
    const refused = await runCli(['accounts', 'create', '--name', 'Zero', '--rate-limit', '0'], env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--rate-limit must be a whole number >= 1/);
    assert.deepEqual(JSON.parse((await runCli(['accounts', 'list'], env)).stdout), []);

    const created = await runCli(['accounts', 'create', '--name', 'No consensus', '--consensus-daily', '0'], env);
    assert.equal(created.code, 0, created.stderr);
    const account = JSON.parse(created.stdout);
    assert.equal(account.consensus_daily, 0);
    const update = await runCli(['accounts', 'update', account.account_id, '--rate-limit', '0'], env);
    assert.equal(update.code, 2);
    assert.match(update.stderr, /--rate-limit must be a whole number >= 1/);
  } finally {
    await cleanup();
  }
});
