// Webhook delivery against real receivers that fail in the ways receivers fail.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifySignature } from '../../src/webhooks/signature.ts';
import { type Harness, STORES, eventually, finished, startHarness } from '../helpers/harness.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { echoEngines } from '../helpers/test-engines.ts';

const FAST_RETRIES = { CLINSCRIBE_WEBHOOK_RETRY_BASE_MS: '40', CLINSCRIBE_WEBHOOK_TIMEOUT_MS: '300', CLINSCRIBE_WEBHOOK_MAX_ATTEMPTS: '30' };

async function register(h: Harness, url: string, events?: string[]) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url, ...(events && { events }) } });
  assert.equal(res.statusCode, 201);
  return res.json().data as { id: string; secret: string };
}

async function createNote(h: Harness): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: '[doctor] hello', noteType: { type: 'soap' } } });
  const noteId = res.json().data.noteId;
  await finished(h, `/v1/notes/${noteId}`, h.stable);
  return noteId;
}

function arrivedFor(receiver: Receiver, noteId: string) {
  return eventually(async () => receiver.received.find((r) => JSON.parse(r.body).data.id === noteId), 20_000);
}

for (const store of STORES) {
  describe(`webhook delivery (${store})`, () => {
    let h: Harness;
    let receiver: Receiver;
    let endpoint: { id: string; secret: string };
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), env: FAST_RETRIES });
      receiver = await startReceiver();
      endpoint = await register(h, receiver.url, ['note_generation.succeeded']);
    });
    after(async () => {
      await receiver.close();
      await h.close();
    });

    test('500s and hangs past the timeout are retried until the event arrives, signed', async () => {
      receiver.script.push('fail', 'hang', 'fail', 'fail');
      const noteId = await createNote(h);
      const got = await arrivedFor(receiver, noteId);
      assert.equal(verifySignature(got.body, String(got.headers['x-service-signature']), endpoint.secret), true);
      // The receiver has the body before the sender has its answer and records the attempt.
      const delivery = await eventually(async () => {
        const res = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${endpoint.id}/deliveries`, headers: h.stable });
        const found = res.json().data.find((d: { event_id: string }) => d.event_id === got.headers['x-service-event-id']);
        return found?.state === 'pending' ? undefined : found;
      });
      assert.equal(delivery.state, 'delivered');
      assert.equal(delivery.attempts, 5);
    });

    test('a receiver that is down for a while gets every event once it is back', async () => {
      await receiver.stop();
      const notes = [await createNote(h), await createNote(h), await createNote(h)];
      await new Promise((r) => setTimeout(r, 400));
      await receiver.start();
      for (const noteId of notes) await arrivedFor(receiver, noteId);
    });

    test('after a secret rotation both secrets verify during the overlap', async () => {
      const rotated = await h.app.inject({ method: 'PATCH', url: `/v1/webhooks/${endpoint.id}`, headers: h.stable, payload: { rotateSecret: true } });
      const newSecret = rotated.json().data.secret;
      const got = await arrivedFor(receiver, await createNote(h));
      const header = String(got.headers['x-service-signature']);
      assert.equal(header.split(',').filter((p) => p.startsWith('v1=')).length, 2);
      assert.equal(verifySignature(got.body, header, newSecret), true);
      assert.equal(verifySignature(got.body, header, endpoint.secret), true);
      assert.equal(verifySignature(got.body, header, 'whsec_someoneelse'), false);
      endpoint = { ...endpoint, secret: newSecret };
    });

    test('redeliver sends the same event again with the same event id', async () => {
      const noteId = await createNote(h);
      const first = await arrivedFor(receiver, noteId);
      const eventId = String(first.headers['x-service-event-id']);
      const list = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${endpoint.id}/deliveries`, headers: h.stable });
      const delivery = list.json().data.find((d: { event_id: string }) => d.event_id === eventId);
      const redeliver = { method: 'POST', url: `/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`, headers: { ...h.stable, 'idempotency-key': `redeliver-${delivery.id}` } } as const;
      const res = await h.app.inject(redeliver);
      assert.equal(res.statusCode, 202);
      assert.notEqual(res.json().data.id, delivery.id);
      // Idempotency-Key: a retried redeliver is answered with the first one, not sent a third time.
      const retried = await h.app.inject(redeliver);
      assert.equal(retried.statusCode, 202);
      assert.equal(retried.headers['idempotent-replayed'], 'true');
      assert.equal(retried.json().data.id, res.json().data.id);
      await eventually(async () => (receiver.received.filter((r) => r.headers['x-service-event-id'] === eventId).length === 2 ? true : undefined));
      const missing = await h.app.inject({ method: 'POST', url: `/v1/webhooks/${endpoint.id}/deliveries/dlv_nothing/redeliver`, headers: h.stable });
      assert.equal(missing.statusCode, 404);
    });
  });
}

describe('webhook dead letters', () => {
  test('a receiver that never succeeds ends dead-lettered after the attempt limit', async () => {
    const h = await startHarness('sqlite', { engines: echoEngines(), env: { ...FAST_RETRIES, CLINSCRIBE_WEBHOOK_MAX_ATTEMPTS: '3' } });
    const receiver = await startReceiver();
    try {
      receiver.script.push('fail', 'fail', 'fail', 'fail');
      const endpoint = await register(h, receiver.url);
      await createNote(h);
      const dead = await eventually(async () => {
        const res = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${endpoint.id}/deliveries`, headers: h.stable });
        return res.json().data.find((d: { state: string }) => d.state === 'dead');
      });
      assert.equal(dead.attempts, 3);
      assert.equal(dead.last_status_code, 500);
      assert.equal(dead.next_attempt_at, null);
      assert.equal(receiver.received.length, 0);
    } finally {
      await receiver.close();
      await h.close();
    }
  });

  test('private targets are refused unless the operator allows them', async () => {
    const h = await startHarness('sqlite', { env: { CLINSCRIBE_WEBHOOK_ALLOW_PRIVATE: '0' } });
    try {
      for (const url of ['https://127.0.0.1/hook', 'https://169.254.169.254/latest', 'https://10.1.2.3/x', 'https://[::1]/x', 'http://example.com/x', 'https://localhost/x']) {
        const res = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url } });
        assert.equal(res.statusCode, 400, url);
        assert.ok(res.json().data.validationErrors.url, url);
      }
    } finally {
      await h.close();
    }
  });
});
