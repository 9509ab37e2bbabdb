import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

const note = { transcript: '[doctor] hello\n[patient] hi', noteType: { type: 'soap' } };

for (const store of STORES) {
  describe(`authentication and rate limits (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines() });
    });
    after(() => h.close());

    test('stable routes need both headers, in any case; failures are 401 {message}', async () => {
      const upper = await h.app.inject({
        method: 'POST',
        url: '/v1/utils/text-to-json',
        headers: { 'X-API-KEY': h.apiKey, 'X-ACCOUNT-ID': h.accountId },
        payload: { text: 'x', schema: { type: 'object' } },
      });
      assert.notEqual(upper.statusCode, 401);
      const cases: Record<string, string>[] = [
        {},
        { 'x-api-key': h.apiKey },
        { 'x-account-id': h.accountId },
        { 'x-api-key': 'csk_' + 'A'.repeat(40), 'x-account-id': h.accountId },
        { 'x-api-key': h.apiKey, 'x-account-id': 'acct_someoneelse' },
        { authorization: `Bearer ${h.apiKey}` },
      ];
      for (const headers of cases) {
        const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload: note });
        assert.equal(res.statusCode, 401);
        assert.deepEqual(Object.keys(res.json()), ['message']);
        assert.match(res.json().message, /invalid or missing api key/i);
      }
    });

    test('alpha routes need a Bearer key (401) and alpha access (403), as {error, message}', async () => {
      const none = await h.app.inject({ method: 'GET', url: '/alpha/consensus/consensus_x' });
      assert.equal(none.statusCode, 401);
      assert.deepEqual(Object.keys(none.json()).sort(), ['error', 'message']);
      const headerKey = await h.app.inject({ method: 'GET', url: '/alpha/consensus/consensus_x', headers: h.stable });
      assert.equal(headerKey.statusCode, 401);
      const plain = await h.newAccount({ alpha: false });
      const forbidden = await h.app.inject({ method: 'GET', url: '/alpha/note-templates/template_x', headers: { authorization: `Bearer ${plain.apiKey}` } });
      assert.equal(forbidden.statusCode, 403);
      assert.match(forbidden.json().message, /alpha access is not enabled/i);
      const ok = await h.app.inject({ method: 'GET', url: '/alpha/note-templates/template_x', headers: h.alpha });
      assert.equal(ok.statusCode, 404);
      assert.equal(ok.json().error, 'not_found');
    });

    test('revoked keys stop working; other keys of the account go on', async () => {
      const { key, apiKey } = await h.runtime.accounts.createKey(h.accountId, 'temp');
      const headers = { 'x-api-key': apiKey, 'x-account-id': h.accountId };
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/notes/note_x', headers })).statusCode, 404);
      assert.equal(await h.runtime.accounts.revokeKey(key.id), true);
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/notes/note_x', headers })).statusCode, 401);
      assert.equal((await h.app.inject({ method: 'GET', url: '/v1/notes/note_x', headers: h.stable })).statusCode, 404);
    });

    test('every response carries the rate-limit headers; past the limit 429 with Retry-After', async () => {
      const limited = await h.newAccount({ rateLimitPerMinute: 3 });
      const headers = { 'x-api-key': limited.apiKey, 'x-account-id': limited.accountId };
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await h.app.inject({ method: 'GET', url: '/v1/notes/note_x', headers });
        statuses.push(last.statusCode);
        assert.equal(last.headers['x-ratelimit-limit'], '3');
        assert.ok(Number(last.headers['x-ratelimit-reset']) > Date.now() / 1000 - 1);
      }
      // A minute boundary may reset the window mid-loop; at least one must be refused either way.
      assert.ok(statuses.includes(429), JSON.stringify(statuses));
      const refused = last!.statusCode === 429 ? last! : await h.app.inject({ method: 'GET', url: '/v1/notes/note_x', headers });
      if (refused.statusCode === 429) {
        assert.ok(Number(refused.headers['retry-after']) >= 1);
        assert.equal(refused.headers['x-ratelimit-remaining'], '0');
        assert.equal(refused.json().data.code, 'rate_limited');
      }
      const health = await h.app.inject({ method: 'GET', url: '/healthz' });
      assert.ok(health.headers['x-ratelimit-limit']);
    });

    test('consensus has a daily quota per account', async () => {
      const account = await h.newAccount({ consensusDaily: 1 });
      const headers = { authorization: `Bearer ${account.apiKey}` };
      const first = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers, payload: { query: 'Is metformin first line for type 2 diabetes?' } });
      assert.equal(first.statusCode, 202);
      const second = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers, payload: { query: 'And for prediabetes?' } });
      assert.equal(second.statusCode, 429);
      assert.equal(second.json().error, 'quota_exceeded');
      assert.ok(Number(second.headers['retry-after']) >= 1);
    });

    test('ids of any length are looked up (unknown: 404); the router\'s refusals come in the family shape too', async () => {
      const cases: [string, Record<string, string>, (body: any) => void][] = [
        ['/v1/notes/note_', h.stable, (b) => assert.equal(b.data.code, 'not_found')],
        ['/v2/audio/transcriptions/tr_', h.stable, (b) => assert.equal(b.data.code, 'not_found')],
        ['/alpha/consensus/consensus_', h.alpha, (b) => assert.deepEqual(Object.keys(b).sort(), ['error', 'message'])],
      ];
      for (const [prefix, headers, check] of cases) {
        for (const length of [150, 2000]) {
          const res = await h.app.inject({ method: 'GET', url: prefix + 'a'.repeat(length), headers });
          assert.equal(res.statusCode, 404, `${prefix} ${length}`);
          check(res.json());
          assert.ok(res.headers['x-ratelimit-limit'], `${prefix} ${length}`);
          assert.equal(res.headers['x-content-type-options'], 'nosniff');
        }
      }
      const badUrl = await h.app.inject({ method: 'GET', url: '/v1/notes/%E0%A4%A', headers: h.stable });
      assert.equal(badUrl.statusCode, 400);
      assert.equal(badUrl.json().data.code, 'validation_error');
      assert.ok(badUrl.headers['x-ratelimit-remaining']);
      const unauthenticated = await h.app.inject({ method: 'GET', url: `/v1/notes/note_${'a'.repeat(150)}` });
      assert.equal(unauthenticated.statusCode, 401);
    });

    test('unknown routes are 404 in the family shape; security headers are set', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: h.stable });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().status, 'error');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['cache-control'], 'no-store');
    });
  });
}

describe('probes and the per-address limit (sqlite)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { engines: echoEngines(), env: { CLINSCRIBE_RATE_LIMIT_PER_MINUTE: '2' } });
  });
  after(() => h.close());

  test('once an address has spent its limit, other keyless routes answer 429 but /healthz and /readyz still answer 200 with the headers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode);
    assert.ok(statuses.includes(429), JSON.stringify(statuses));
    for (const url of ['/healthz', '/readyz']) {
      const probe = await h.app.inject({ method: 'GET', url });
      assert.equal(probe.statusCode, 200, url);
      assert.equal(probe.headers['x-ratelimit-limit'], '2');
      assert.equal(probe.headers['retry-after'], undefined);
    }
  });
});
