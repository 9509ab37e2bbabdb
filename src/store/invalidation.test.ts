// What travels over NOTIFY: key revocations as the previous version sent them, resource ids
// in payloads under PostgreSQL's limit, and anything unknown read as a key revocation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decode, encode } from './invalidation.ts';

test('key revocations travel as the empty payload older nodes send and expect', () => {
  assert.deepEqual(encode({ keys: true }), ['']);
  assert.deepEqual(decode(''), { keys: true });
});

test('deleted resources round-trip, split into payloads pg_notify accepts', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => `note_${String(i).padStart(24, '0')}`);
  const payloads = encode({ resources: ids });
  assert.ok(payloads.length > 1);
  for (const p of payloads) assert.ok(Buffer.byteLength(p) < 8000, `payload of ${Buffer.byteLength(p)} bytes`);
  assert.deepEqual(
    payloads.flatMap((p) => {
      const message = decode(p);
      return 'resources' in message ? message.resources : [];
    }),
    ids,
  );
  assert.deepEqual(encode({ resources: [] }), []);
});

test('an unknown payload is read as a key revocation: forgetting too much is safe', () => {
  assert.deepEqual(decode('something-new'), { keys: true });
});
