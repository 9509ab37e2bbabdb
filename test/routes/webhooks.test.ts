import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifySignature } from '../../src/webhooks/signature.ts';
import { type Harness, STORES, eventually, finished, startHarness } from '../helpers/harness.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`webhooks (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines() });
    });
    after(() => h.close());

    test('register (secret shown once), list, get, patch, delete', async () => {
      const created = await h.app.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: h.stable,
        payload: { url: 'http://127.0.0.1:9/hook', events: ['note_generation.succeeded'] },
      });
      assert.equal(created.statusCode, 201);
      const endpoint = created.json().data;
      assert.match(endpoint.id, /^whk_[A-Za-z0-9]+$/);
      assert.match(endpoint.secret, /^whsec_/);
      const list = await h.app.inject({ method: 'GET', url: '/v1/webhooks', headers: h.stable });
      assert.equal(list.json().data.length >= 1, true);
      assert.equal(list.json().data[0].secret, undefined);
      const patched = await h.app.inject({ method: 'PATCH', url: `/v1/webhooks/${endpoint.id}`, headers: h.stable, payload: { enabled: false, rotateSecret: true } });
      assert.equal(patched.json().data.enabled, false);
      assert.notEqual(patched.json().data.secret, endpoint.secret);
      const bad = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: 'ftp://x', events: ['nope'] } });
      assert.equal(bad.statusCode, 400);
      const del = await h.app.inject({ method: 'DELETE', url: `/v1/webhooks/${endpoint.id}`, headers: h.stable });
      assert.deepEqual(del.json(), { data: { id: endpoint.id, deleted: true } });
      const other = await h.newAccount();
      const foreign = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${endpoint.id}`, headers: { 'x-api-key': other.apiKey, 'x-account-id': other.accountId } });
      assert.equal(foreign.statusCode, 404);
    });

    test('a finished note is delivered signed, with a stable event id, and listed in deliveries', async () => {
      const hook = await startReceiver();
      try {
        const created = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: hook.url } });
        const { id, secret } = created.json().data;
        const note = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: '[doctor] hi', noteType: { type: 'soap' } } });
        const noteId = note.json().data.noteId;
        await finished(h, `/v1/notes/${noteId}`, h.stable);
        const got = await eventually(async () => hook.received.find((r) => JSON.parse(r.body).data.id === noteId));
        const event = JSON.parse(got.body);
        assert.equal(event.type, 'note_generation.succeeded');
        assert.equal(event.data.status, 'completed');
        assert.ok(event.data.payload.markdown);
        assert.match(String(got.headers['x-service-event-id']), /^evt_/);
        assert.equal(verifySignature(got.body, String(got.headers['x-service-signature']), secret), true);
        assert.equal(verifySignature(got.body, String(got.headers['x-service-signature']), 'whsec_wrong'), false);
        const deliveries = await eventually(async () => {
          const res = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${id}/deliveries`, headers: h.stable });
          const rows = res.json().data;
          return rows.some((d: { state: string }) => d.state === 'delivered') ? rows : undefined;
        });
        assert.equal(deliveries[0].last_status_code, 200);
        assert.equal(deliveries[0].event_type, 'note_generation.succeeded');
        await h.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id}`, headers: h.stable });
      } finally {
        await hook.close();
      }
    });
  });
}
