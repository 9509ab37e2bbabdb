// The result cache answers only its own account and kind, holds its byte bound, forgets on
// deletion here and elsewhere, refuses a fill that raced a deletion, and goes quiet while
// deletion signals cannot arrive.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Invalidated, type Invalidation, type InvalidationListener, localInvalidation } from '../store/invalidation.ts';
import { ResultCache } from './result-cache.ts';

const body = (n: number) => `{"data":{"text":"${'x'.repeat(n)}"}}`;

/** A channel whose liveness and deliveries the test controls; it records what was published. */
function channel() {
  const listeners: InvalidationListener[] = [];
  const published: Invalidated[] = [];
  const state = { live: true };
  const invalidation: Invalidation = {
    publish: async (message) => void published.push(message),
    subscribe: (l) => void listeners.push(l),
    get live() {
      return state.live;
    },
    close: async () => {},
  };
  return { invalidation, published, state, deliver: (m: Invalidated | undefined) => listeners.forEach((l) => l(m)) };
}

test("an entry answers only the account, kind and view it was kept for", () => {
  const cache = new ResultCache({ maxBytes: 1 << 20, ttlMs: 60_000 }, localInvalidation());
  cache.set('acct_a', 'note', 'note_1', 'note', body(10), cache.epoch, 0);
  assert.equal(cache.get('acct_a', 'note', 'note_1', 'note', 1), body(10));
  assert.equal(cache.get('acct_b', 'note', 'note_1', 'note', 1), undefined, 'another account never reads it');
  assert.equal(cache.get('acct_a', 'coding', 'note_1', 'note', 1), undefined);
  assert.equal(cache.get('acct_a', 'note', 'note_1', 'fhir', 1), undefined);
});

test('entries expire after their lifetime', () => {
  const cache = new ResultCache({ maxBytes: 1 << 20, ttlMs: 1000 }, localInvalidation());
  cache.set('a', 'note', 'n', 'note', body(1), cache.epoch, 0);
  assert.equal(cache.get('a', 'note', 'n', 'note', 999), body(1));
  assert.equal(cache.get('a', 'note', 'n', 'note', 1000), undefined);
  assert.equal(cache.size.entries, 0);
});

test('the byte bound holds: the least recently used body goes first', () => {
  const maxBytes = 64 * 1024;
  const cache = new ResultCache({ maxBytes, ttlMs: 60_000 }, localInvalidation());
  for (let i = 0; i < 100; i++) {
    cache.set('a', 'note', `n${i}`, 'note', body(1000 + i), cache.epoch, 0);
    if (i === 50) assert.ok(cache.get('a', 'note', 'n0', 'note', 0) === undefined, 'the oldest went');
    cache.get('a', 'note', 'n10', 'note', 0); // kept in use
    assert.ok(cache.size.bytes <= maxBytes, `held ${cache.size.bytes} bytes of ${maxBytes}`);
  }
  assert.ok(cache.size.entries > 10 && cache.size.entries < 100);
  assert.equal(cache.get('a', 'note', 'n10', 'note', 0), body(1010), 'the entry in use stayed');
  assert.equal(cache.get('a', 'note', 'n99', 'note', 0), body(1099));
});

test('a body larger than an eighth of the budget is not kept; 0 MB keeps nothing', () => {
  const small = new ResultCache({ maxBytes: 8 * 1024, ttlMs: 60_000 }, localInvalidation());
  small.set('a', 'note', 'big', 'note', body(2000), small.epoch, 0);
  assert.equal(small.size.entries, 0);
  const off = new ResultCache({ maxBytes: 0, ttlMs: 60_000 }, localInvalidation());
  off.set('a', 'note', 'n', 'note', body(1), off.epoch, 0);
  assert.equal(off.get('a', 'note', 'n', 'note', 0), undefined);
});

test('forget drops the entry here at once and tells the other processes', async () => {
  const { invalidation, published } = channel();
  const cache = new ResultCache({ maxBytes: 1 << 20, ttlMs: 60_000 }, invalidation);
  cache.set('a', 'note', 'n1', 'note', body(5), cache.epoch, 0);
  cache.set('a', 'note', 'n2', 'note', body(5), cache.epoch, 0);
  await cache.forget(['n1']);
  assert.equal(cache.get('a', 'note', 'n1', 'note', 0), undefined);
  assert.equal(cache.get('a', 'note', 'n2', 'note', 0), body(5));
  assert.deepEqual(published, [{ resources: ['n1'] }]);
});

test("another process's deletion drops the entry; a missed signal drops everything", () => {
  const { invalidation, deliver } = channel();
  const cache = new ResultCache({ maxBytes: 1 << 20, ttlMs: 60_000 }, invalidation);
  cache.set('a', 'note', 'n1', 'note', body(5), cache.epoch, 0);
  cache.set('a', 'note', 'n2', 'note', body(5), cache.epoch, 0);
  deliver({ keys: true });
  assert.equal(cache.size.entries, 2, 'a key revocation is not about results');
  deliver({ resources: ['n1'] });
  assert.equal(cache.get('a', 'note', 'n1', 'note', 0), undefined);
  assert.equal(cache.size.entries, 1);
  deliver(undefined);
  assert.deepEqual(cache.size, { entries: 0, bytes: 0 });
});

test('a read that began before a deletion does not refill the cache', () => {
  const { invalidation, deliver } = channel();
  const cache = new ResultCache({ maxBytes: 1 << 20, ttlMs: 60_000 }, invalidation);
  const epoch = cache.epoch;
  deliver({ resources: ['n1'] });
  cache.set('a', 'note', 'n1', 'note', body(5), epoch, 0);
  assert.equal(cache.get('a', 'note', 'n1', 'note', 0), undefined);
});

test('while deletions cannot arrive the cache neither answers nor fills', () => {
  const { invalidation, state } = channel();
  const cache = new ResultCache({ maxBytes: 1 << 20, ttlMs: 60_000 }, invalidation);
  cache.set('a', 'note', 'n1', 'note', body(5), cache.epoch, 0);
  state.live = false;
  assert.equal(cache.get('a', 'note', 'n1', 'note', 0), undefined);
  cache.set('a', 'note', 'n2', 'note', body(5), cache.epoch, 0);
  state.live = true;
  assert.equal(cache.get('a', 'note', 'n2', 'note', 0), undefined);
});
