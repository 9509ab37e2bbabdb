// Caps on webhook endpoints per account and on redelivery requests per minute.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, eventually, finished, startHarness } from '../helpers/harness.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { echoEngines } from '../helpers/test-engines.ts';

describe('webhook caps', () => {
  let h: Harness;
  let hook: Receiver;
  before(async () => {
    h = await startHarness('sqlite', {
      engines: echoEngines(),
      env: { CLINSCRIBE_MAX_WEBHOOKS_PER_ACCOUNT: '2', CLINSCRIBE_WEBHOOK_REDELIVERIES_PER_MINUTE: '2' },
    });
    hook = await startReceiver();
  });
  after(async () => {
    await hook.close();
    await h.close();
  });

  test('an account cannot register more endpoints than the cap', async () => {
    const other = await h.newAccount();
    const headers = { 'x-api-key': other.apiKey, 'x-account-id': other.accountId };
    for (let i = 0; i < 2; i++) {
      const ok = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers, payload: { url: `${hook.url}?n=${i}` } });
      assert.equal(ok.statusCode, 201);
    }
    const over = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers, payload: { url: hook.url } });
    assert.equal(over.statusCode, 422);
    assert.match(over.json().message ?? JSON.stringify(over.json()), /CLINSCRIBE_MAX_WEBHOOKS_PER_ACCOUNT/);
  });

  test('redelivery requests past the per-minute cap get 429 with Retry-After', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/v1/webhooks', headers: h.stable, payload: { url: hook.url } });
    const endpointId = created.json().data.id;
    const note = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: '[doctor] hello', noteType: { type: 'soap' } } });
    await finished(h, `/v1/notes/${note.json().data.noteId}`, h.stable);
    const delivery = await eventually(async () => {
      const res = await h.app.inject({ method: 'GET', url: `/v1/webhooks/${endpointId}/deliveries`, headers: h.stable });
      return res.json().data.find((d: { state: string }) => d.state === 'delivered');
    });
    const url = `/v1/webhooks/${endpointId}/deliveries/${delivery.id}/redeliver`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await h.app.inject({ method: 'POST', url, headers: h.stable }));
    assert.deepEqual(statuses.map((r) => r.statusCode), [202, 202, 429]);
    assert.ok(Number(statuses[2].headers['retry-after']) >= 1);
  });
});
