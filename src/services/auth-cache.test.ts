import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AuthCache } from './auth-cache.ts';

test('entries expire after the TTL', () => {
  const cache = new AuthCache<string>({ ttlMs: 1000, maxEntries: 10 });
  cache.set('a', 'A', cache.epoch, 0);
  assert.equal(cache.get('a', 999), 'A');
  assert.equal(cache.get('a', 1000), undefined);
});

test('the least recently used entry goes first when full', () => {
  const cache = new AuthCache<string>({ ttlMs: 1000, maxEntries: 2 });
  cache.set('a', 'A', cache.epoch, 0);
  cache.set('b', 'B', cache.epoch, 0);
  cache.get('a', 1);
  cache.set('c', 'C', cache.epoch, 2);
  assert.equal(cache.size, 2);
  assert.equal(cache.get('b', 3), undefined);
  assert.equal(cache.get('a', 3), 'A');
  assert.equal(cache.get('c', 3), 'C');
});

test('a lookup that began before clear() does not refill the cache', () => {
  const cache = new AuthCache<string>({ ttlMs: 1000, maxEntries: 10 });
  const epoch = cache.epoch;
  cache.clear();
  cache.set('a', 'A', epoch, 0);
  assert.equal(cache.get('a', 1), undefined);
  cache.set('a', 'A', cache.epoch, 0);
  assert.equal(cache.get('a', 1), 'A');
});

test('maxEntries 0 or ttl 0 caches nothing', () => {
  for (const options of [{ ttlMs: 0, maxEntries: 10 }, { ttlMs: 1000, maxEntries: 0 }]) {
    const cache = new AuthCache<string>(options);
    cache.set('a', 'A', cache.epoch, 0);
    assert.equal(cache.get('a', 0), undefined);
  }
});
