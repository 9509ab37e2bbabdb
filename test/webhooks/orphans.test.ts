// Deliveries whose event is gone (its resource was deleted): redelivery answers 404, and a
// pending one ends dead instead of staying pending forever.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deliverWebhook } from '../../src/webhooks/delivery.ts';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`orphaned deliveries (${store})`, () => {
    let h: Harness;
    let receiver: Receiver;
    let endpointId: string;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), workers: false });
      receiver = await startReceiver();
      const res = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: receiver.url } });
      endpointId = res.json().data.id;
    });
    after(async () => {
      await receiver.close();
      await h.close();
    });

    const deps = () => {
      const { runtime } = h;
      return runtime.delivery;
    };
    async function recordEvent(resourceId: string): Promise<string> {
      const { runtime } = h;
      const eventId = await runtime.store.db
        .transaction()
        .execute((trx) => runtime.events.record(trx, h.accountId, resourceId, { type: 'coding.succeeded', data: { id: resourceId } }));
      const row = await runtime.store.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
      return row.id;
    }

    test('redelivering a delivery whose event was deleted is 404', async () => {
      const deliveryId = await recordEvent('coding_a');
      await deliverWebhook(deps(), deliveryId);
      assert.equal((await h.runtime.webhooks.findDelivery(deliveryId))?.state, 'delivered');
      await h.runtime.store.db.transaction().execute((trx) => h.runtime.outbox.deleteForResource(trx, 'coding_a'));
      const res = await h.app.inject({ method: 'POST', url: `/v1/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, headers: h.stable });
      assert.equal(res.statusCode, 404);
      const deliveries = await h.runtime.store.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId).execute();
      assert.deepEqual(deliveries.map((d) => d.id), [deliveryId], 'no delivery of a missing event was created');
    });

    test('a pending delivery whose event is gone ends dead without a POST', async () => {
      const deliveryId = await recordEvent('coding_b');
      const before = receiver.received.length;
      const { eventId } = (await h.runtime.webhooks.findDelivery(deliveryId))!;
      await h.runtime.store.db.deleteFrom('outbox_events').where('id', '=', eventId).execute();
      await deliverWebhook(deps(), deliveryId);
      const after = await h.runtime.webhooks.findDelivery(deliveryId);
      assert.equal(after?.state, 'dead');
      assert.equal(after?.lastError, 'event deleted');
      assert.equal(receiver.received.length, before);
    });
  });
}
