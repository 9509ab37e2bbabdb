// A server-wide secret that failed to load (the store was briefly unreachable) is loaded
// again on the next call instead of failing every call until a restart.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StreamTokens } from '../../src/services/stream-tokens.ts';

test('stream tokens work once the store answers again after a failed secret load', async () => {
  let calls = 0;
  const settings = {
    async getOrCreate(_key: string, create: () => string) {
      calls++;
      if (calls === 1) throw new Error('connection refused');
      return create();
    },
  };
  const tokens = new StreamTokens(settings);
  await assert.rejects(tokens.issue({ accountId: 'acct_1', keyId: 'key_1' }, 60), /connection refused/);
  const { token } = await tokens.issue({ accountId: 'acct_1', keyId: 'key_1' }, 60);
  assert.deepEqual(await tokens.verify(token), { accountId: 'acct_1', keyId: 'key_1' });
  assert.equal(calls, 2, 'loaded once after the failure, then cached');
});
