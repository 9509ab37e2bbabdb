import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`codings (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines() });
    });
    after(() => h.close());

    test('create → pending with ISO timestamps, then completed with result and processing time', async () => {
      const created = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: '[doctor] chest pain' } });
      assert.equal(created.statusCode, 202);
      const data = created.json().data;
      assert.match(data.id, /^coding_[A-Za-z0-9]+$/);
      assert.equal(data.status, 'pending');
      assert.match(data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(data.result, undefined);
      const done = await finished(h, `/v1/codings/${data.id}`, h.stable);
      assert.equal(done.data.status, 'completed');
      assert.deepEqual(done.data.result.diagnoses, []);
      assert.equal(done.data.result.characters, 19);
      assert.equal(typeof done.data.processing_time_ms, 'number');
    });

    test('DELETE is 204, then 404; missing or empty text is 400', async () => {
      const created = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: 'cough' } });
      const id = created.json().data.id;
      const del = await h.app.inject({ method: 'DELETE', url: `/v1/codings/${id}`, headers: h.stable });
      assert.equal(del.statusCode, 204);
      assert.equal(del.body, '');
      assert.equal((await h.app.inject({ method: 'GET', url: `/v1/codings/${id}`, headers: h.stable })).statusCode, 404);
      for (const payload of [{}, { text: '' }, { text: ' \n ' }, { text: ['a'] }]) {
        const res = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().status, 'error');
        assert.ok(res.json().data.validationErrors.text);
      }
    });
  });
}
