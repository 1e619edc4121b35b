import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createExpiringCache } from '../src/lib/expiring-cache.ts';

test('an entry is served until its expiry, never at or after it', () => {
  const cache = createExpiringCache<string>(10);
  cache.set('a', 'A', 1_000);
  assert.equal(cache.get('a', 999), 'A');
  assert.equal(cache.get('a', 1_000), undefined);
  assert.equal(cache.size, 0, 'an expired entry is dropped when met');
  assert.equal(cache.get('missing', 0), undefined);
});

test('a full cache drops its oldest insertion first, and stays within its bound', () => {
  const cache = createExpiringCache<number>(3);
  for (const key of ['a', 'b', 'c']) cache.set(key, key.charCodeAt(0), 10_000);
  cache.set('a', 1, 10_000); // setting again makes it the newest
  cache.set('d', 4, 10_000);
  assert.equal(cache.size, 3);
  assert.equal(cache.get('b', 0), undefined, 'b was the oldest');
  assert.equal(cache.get('a', 0), 1);
  assert.equal(cache.get('c', 0), 99);
  assert.equal(cache.get('d', 0), 4);
});

test('a bound that is not a positive whole number is refused', () => {
  assert.throws(() => createExpiringCache(0), /positive integer/);
  assert.throws(() => createExpiringCache(1.5), /positive integer/);
});
