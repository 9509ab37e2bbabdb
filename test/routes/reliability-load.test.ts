// Load shedding: an overloaded process answers 503 with Retry-After and the rate-limit
// headers, in the family's error shape, while /healthz and /readyz keep answering.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, eventually, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

describe('load shedding', () => {
  let h: Harness;
  before(async () => {
    // Any event-loop work at all counts as overload here, so the process sheds load at once.
    h = await startHarness('sqlite', { engines: echoEngines(), config: { loadShedding: { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 1e-9 } } });
    const app = h.app as unknown as { ready(): Promise<void>; isUnderPressure(): boolean };
    await app.ready();
    await eventually(async () => app.isUnderPressure() || undefined, 10_000);
  });
  after(() => h.close());

  test('API routes answer 503 with Retry-After and rate-limit headers; health and readiness answer 200', async () => {
    const stable = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: 'x', noteType: { type: 'soap' } } });
    assert.equal(stable.statusCode, 503);
    assert.equal(stable.headers['retry-after'], '5');
    assert.ok(stable.headers['x-ratelimit-limit'], 'rate-limit headers on the 503');
    assert.equal(stable.json().data.code, 'unavailable');
    const alpha = await h.app.inject({ method: 'GET', url: '/alpha/consensus/x', headers: h.alpha });
    assert.equal(alpha.statusCode, 503);
    assert.deepEqual(Object.keys(alpha.json()).sort(), ['error', 'message']);
    assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    assert.equal((await h.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });
});
