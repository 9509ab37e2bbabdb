// Idempotency-Key under concurrency: the key is reserved before the request runs, so a
// concurrent duplicate never runs too (409 while the first is in progress, replay after).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { accountOf } from '../../src/http/gate.ts';
import { idempotent } from '../../src/http/idempotency.ts';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`idempotency under concurrency (${store})`, () => {
    let h: Harness;
    let runs = 0;
    let entered: () => void = () => {};
    let release: () => void = () => {};
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), workers: false });
      // A route whose work waits until the test lets it finish, so a duplicate can arrive mid-run.
      h.app.post('/v1/probe', { config: { auth: 'stable' } }, async (request, reply) => {
        await idempotent(h.runtime.idempotency, request, reply, accountOf(request).id, async () => {
          runs++;
          entered();
          await new Promise<void>((resolve) => (release = resolve));
          return { status: 201, body: { data: { run: runs } } };
        });
        return reply;
      });
    });
    after(() => h.close());

    test('a response that cannot be stored still reaches the caller; a passing store failure is retried', async () => {
      const repo = h.runtime.idempotency;
      let failures = 0;
      const flaky = Object.assign(Object.create(Object.getPrototypeOf(repo)), repo, {
        complete: async (...args: Parameters<typeof repo.complete>) => {
          if (failures++ < 1) throw new Error('connection lost');
          return repo.complete(...args);
        },
      });
      const down = Object.assign(Object.create(Object.getPrototypeOf(repo)), repo, {
        complete: async () => {
          throw new Error('connection lost');
        },
      });
      for (const [url, store] of [['/v1/flaky', flaky], ['/v1/down', down]] as const) {
        h.app.post(url, { config: { auth: 'stable' } }, async (request, reply) => {
          await idempotent(store, request, reply, accountOf(request).id, async () => ({ status: 202, body: { data: { id: 'job_1' } } }));
          return reply;
        });
      }
      const headers = { ...h.stable, 'idempotency-key': 'store-1' };
      const first = await h.app.inject({ method: 'POST', url: '/v1/flaky', headers, payload: {} });
      assert.equal(first.statusCode, 202);
      const replay = await h.app.inject({ method: 'POST', url: '/v1/flaky', headers, payload: {} });
      assert.equal(replay.headers['idempotent-replayed'], 'true', 'stored on the second try');
      const lost = await h.app.inject({ method: 'POST', url: '/v1/down', headers: { ...h.stable, 'idempotency-key': 'store-2' }, payload: {} });
      assert.equal(lost.statusCode, 202);
      assert.deepEqual(lost.json(), { data: { id: 'job_1' } });
    });

    test('a duplicate while the first runs gets 409 with Retry-After; afterwards it replays; the work runs once', async () => {
      const headers = { ...h.stable, 'idempotency-key': 'probe-1' };
      const started = new Promise<void>((resolve) => (entered = resolve));
      const first = h.app.inject({ method: 'POST', url: '/v1/probe', headers, payload: { a: 1 } });
      await started;
      const duplicate = await h.app.inject({ method: 'POST', url: '/v1/probe', headers, payload: { a: 1 } });
      assert.equal(duplicate.statusCode, 409);
      assert.equal(duplicate.json().data.code, 'idempotency_in_progress');
      assert.equal(duplicate.headers['retry-after'], '1');
      const otherBody = await h.app.inject({ method: 'POST', url: '/v1/probe', headers, payload: { a: 2 } });
      assert.equal(otherBody.statusCode, 422);
      assert.equal(otherBody.json().data.code, 'idempotency_conflict');
      release();
      const done = await first;
      assert.equal(done.statusCode, 201);
      const replay = await h.app.inject({ method: 'POST', url: '/v1/probe', headers, payload: { a: 1 } });
      assert.equal(replay.statusCode, 201);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.deepEqual(replay.json(), done.json());
      assert.equal(runs, 1);
    });

    test('a request that fails frees its key for a retry', async () => {
      const headers = { ...h.stable, 'idempotency-key': 'notes-bad' };
      const bad = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload: { transcript: '', noteType: { type: 'soap' } } });
      assert.equal(bad.statusCode, 400);
      const again = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload: { transcript: '', noteType: { type: 'soap' } } });
      assert.equal(again.statusCode, 400, 'the failed attempt left no in-progress reservation behind');
    });

    test('ten concurrent note requests with one key create one note', async () => {
      const { accountId, apiKey } = await h.newAccount();
      const headers = { 'x-api-key': apiKey, 'x-account-id': accountId, 'idempotency-key': 'burst' };
      const payload = { transcript: '[doctor] hello', noteType: { type: 'soap' } };
      const answers = await Promise.all(Array.from({ length: 10 }, () => h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload })));
      const created = answers.filter((a) => a.statusCode === 202).map((a) => a.json().data.noteId);
      assert.ok(created.length >= 1);
      assert.equal(new Set(created).size, 1, 'every 202 names the same note');
      for (const a of answers) assert.ok([202, 409].includes(a.statusCode), `status ${a.statusCode}`);
      const rows = await h.runtime.store.db.selectFrom('resources').select('id').where('account_id', '=', accountId).execute();
      assert.equal(rows.length, 1);
    });
  });
}
