// The daily consensus quota on the embedded store is counted in the store: a restart does
// not reset it, and every process on the same store shares it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createRuntime } from '../../src/runtime.ts';
import { testEnv } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

test('a used-up consensus quota stays used up after a restart and in a second process (sqlite)', async () => {
  const { env, cleanup } = testEnv('sqlite');
  const open = async () => {
    const runtime = await createRuntime(loadConfig(env), { engines: echoEngines() });
    return { runtime, app: await buildApp(runtime, { logger: false }) };
  };
  const ask = (app: Awaited<ReturnType<typeof open>>['app'], apiKey: string) =>
    app.inject({ method: 'POST', url: '/alpha/consensus', headers: { authorization: `Bearer ${apiKey}` }, payload: { query: 'First-line drug for type 2 diabetes?' } });
  try {
    const first = await open();
    const { apiKey } = await first.runtime.accounts.createAccount({ name: 'Quota clinic', alphaAccess: true, consensusDaily: 1 });
    assert.equal((await ask(first.app, apiKey)).statusCode, 202);
    const second = await open(); // another process on the same store, e.g. a restarted server
    const refused = await ask(second.app, apiKey);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'quota_exceeded');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    for (const { app, runtime } of [first, second]) {
      await app.close();
      await runtime.close();
    }
  } finally {
    await cleanup();
  }
});
