// What travels over NOTIFY (key revocations as the previous version sent them, resource ids
// in payloads under PostgreSQL's limit, anything unknown read as a key revocation), and a lost LISTEN connection.
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

test('postgres: a LISTEN connection that is lost drops every cache, comes back, and hears signals again', { timeout: 30_000 }, async () => {
  const { TEST_DATABASE_URL } = await import('../../test/helpers/harness.ts');
  const { default: pg } = await import('pg');
  const { channelName, postgresInvalidation } = await import('./invalidation.ts');
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  const schema = `inv_lost_${process.pid}`;
  const invalidation = await postgresInvalidation(TEST_DATABASE_URL, schema, pool);
  const seen: unknown[] = [];
  invalidation.subscribe((message) => seen.push(message));
  const until = async (check: () => boolean): Promise<void> => {
    for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() - started > 10_000) throw new Error('timed out');
    }
  };
  try {
    assert.equal(invalidation.live, true);
    // End the listening backend from the server side, as a restart or a network cut would.
    const ended = await pool.query('select pg_terminate_backend(pid) from pg_stat_activity where query = $1', [`LISTEN "${channelName(schema)}"`]);
    assert.equal(ended.rowCount, 1);
    await until(() => seen.includes(undefined));
    await until(() => invalidation.live);
    seen.length = 0;
    await invalidation.publish({ resources: ['note_1'] });
    await until(() => seen.length > 0);
    assert.deepEqual(seen, [{ resources: ['note_1'] }]);
  } finally {
    await invalidation.close();
    await pool.end();
  }
});
