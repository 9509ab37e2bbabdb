// verifyWebhook accepts exactly what the server's signer produces, and nothing else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { verifyWebhook } from '@clinscribe/sdk';
import { signatureHeader } from '../../../src/webhooks/signature.ts';
import { retryAfterMs } from '../src/transport.ts';

const body = JSON.stringify({ type: 'note_generation.succeeded', data: { noteId: 'note_abc', text: 'naïve café' } });

test('verifyWebhook matches the server signing scheme, including rotation', () => {
  const now = Math.floor(Date.now() / 1000);
  assert.equal(verifyWebhook(body, signatureHeader(body, ['whsec_one'], now), 'whsec_one'), true);
  assert.equal(verifyWebhook(Buffer.from(body), signatureHeader(body, ['whsec_one'], now), 'whsec_one'), true);
  const rotating = signatureHeader(body, ['whsec_new', 'whsec_old'], now);
  assert.equal(verifyWebhook(body, rotating, 'whsec_old'), true);
  assert.equal(verifyWebhook(body, rotating, 'whsec_new'), true);
  assert.equal(verifyWebhook(body, rotating, 'whsec_other'), false);
  assert.equal(verifyWebhook(body.replace('abc', 'abd'), rotating, 'whsec_new'), false);
  assert.equal(verifyWebhook(body, signatureHeader(body, ['whsec_one'], now - 3600), 'whsec_one'), false, 'stale');
  assert.equal(verifyWebhook(body, signatureHeader(body, ['whsec_one'], now - 3600), 'whsec_one', 7200), true);
  for (const bad of [undefined, '', 't=abc,v1=00', `t=${now}`, `v1=${'0'.repeat(64)}`, `t=${now},v1=zz`]) assert.equal(verifyWebhook(body, bad, 'whsec_one'), false);
});

test('Retry-After reads as seconds or an HTTP date', () => {
  assert.equal(retryAfterMs('3'), 3000);
  assert.equal(retryAfterMs(null), undefined);
  assert.equal(retryAfterMs('soon'), undefined);
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now), 5000);
});
