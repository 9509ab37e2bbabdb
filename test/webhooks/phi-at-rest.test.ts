// PHI at rest: an event keeps its body only until its deliveries settle, a redelivery
// rebuilds the body from the resource, and idempotency records go with their resource.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, eventually, finished, startHarness } from '../helpers/harness.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { echoEngines } from '../helpers/test-engines.ts';

const TRANSCRIPT = '[doctor] how is the cough\n[patient] better since the inhaler';

for (const store of STORES) {
  describe(`PHI at rest (${store})`, () => {
    let h: Harness;
    let hook: Receiver;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines() });
      hook = await startReceiver();
    });
    after(async () => {
      await hook.close();
      await h.close();
    });

    const eventBody = async (resourceId: string) => {
      const rows = await h.runtime.store.db.selectFrom('outbox_events').select('body').where('resource_id', '=', resourceId).execute();
      return rows.map((r) => JSON.parse(r.body));
    };

    test('a delivered event keeps metadata only; redelivery sends the same body again', async () => {
      const created = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: hook.url } });
      const endpointId = created.json().data.id;
      const note = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: TRANSCRIPT, noteType: { type: 'soap' } } });
      const noteId = note.json().data.noteId;
      await finished(h, `/v1/notes/${noteId}`, h.stable);
      const first = await eventually(async () => hook.received.find((r) => JSON.parse(r.body).data.id === noteId));
      const stripped = await eventually(async () => ((await eventBody(noteId))[0]?.stripped ? true : undefined));
      assert.equal(stripped, true);
      const deliveries = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${endpointId}/deliveries`, headers: h.stable });
      const delivery = deliveries.json().data.find((d: { state: string }) => d.state === 'delivered');
      assert.equal(delivery.event_type, 'note_generation.succeeded');
      const again = await h.app.inject({ method: 'POST', url: `/v1/webhooks/${endpointId}/deliveries/${delivery.id}/redeliver`, headers: h.stable });
      assert.equal(again.statusCode, 202);
      const second = await eventually(async () => {
        const hits = hook.received.filter((r) => JSON.parse(r.body).data.id === noteId);
        return hits.length >= 2 ? hits[1] : undefined;
      });
      assert.deepEqual(JSON.parse(second.body), JSON.parse(first.body));
      assert.equal((await eventBody(noteId))[0].stripped, true);
      await h.app.inject({ method: 'DELETE', url: `/v1/webhooks/${endpointId}`, headers: h.stable });
    });

    test('an event nobody subscribes to is stored without its body', async () => {
      const note = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: TRANSCRIPT, noteType: { type: 'soap' } } });
      const noteId = note.json().data.noteId;
      await finished(h, `/v1/notes/${noteId}`, h.stable);
      const bodies = await eventually(async () => {
        const found = await eventBody(noteId);
        return found.length ? found : undefined;
      });
      assert.deepEqual(bodies, [{ stripped: true }]);
    });

    test('deleting a resource deletes the idempotency record that points at it', async () => {
      const headers = { ...h.stable, 'idempotency-key': `phi-${store}-1` };
      const note = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload: { transcript: TRANSCRIPT, noteType: { type: 'soap' } } });
      const noteId = note.json().data.noteId;
      const records = () => h.runtime.store.db.selectFrom('idempotency_keys').select('key').where('resource_id', '=', noteId).execute();
      assert.equal((await records()).length, 1);
      await finished(h, `/v1/notes/${noteId}`, h.stable);
      const deleted = await h.app.inject({ method: 'DELETE', url: `/v1/notes/${noteId}`, headers: h.stable });
      assert.equal(deleted.statusCode, 200);
      assert.equal((await records()).length, 0);
    });
  });
}
