import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLoadingCache } from '../src/lib/loading-cache.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('loading cache (lib/loading-cache.ts on lru-cache)', () => {
  test('concurrent misses of one key share one load', async () => {
    let loads = 0;
    const cache = createLoadingCache<number>({ maxEntries: 4, maxAgeMs: 1000 });
    const load = async () => {
      await settle();
      return ++loads;
    };
    assert.deepEqual(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]), [1, 1, 1]);
    assert.equal(loads, 1);
  });

  test('loads under way take no room from the loaded entries', async () => {
    const cache = createLoadingCache<string>({ maxEntries: 2, maxAgeMs: 1000 });
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    let release!: () => void;
    const pending = cache.get('c', () => new Promise<string>((resolve) => (release = () => resolve('C'))));
    let loads = 0;
    const counted = async () => String(++loads);
    assert.deepEqual([await cache.get('a', counted), await cache.get('b', counted)], ['A', 'B']);
    assert.equal(loads, 0, 'both still held while c loads');
    release();
    assert.equal(await pending, 'C');
  });

  test('a first load that fails reaches its caller and leaves nothing behind', async () => {
    const cache = createLoadingCache<number>({ maxEntries: 4, maxAgeMs: 1000 });
    await assert.rejects(
      cache.get('k', async () => Promise.reject(new Error('database down'))),
      /database down/,
    );
    assert.equal(cache.size().entries, 0);
    assert.equal(await cache.get('k', async () => 7), 7);
  });

  test('a failed reload keeps answering the old value, reports it, and the next reader tries again', async () => {
    let clock = 1000;
    const errors: unknown[] = [];
    const cache = createLoadingCache<string>({
      maxEntries: 4,
      maxAgeMs: 100,
      now: () => clock,
      onRefreshError: (e) => errors.push(e),
    });
    await cache.get('k', async () => 'old');
    clock = 1200;
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new Error('refresh failed');
    };
    assert.equal(await cache.get('k', failing), 'old');
    await settle();
    assert.equal(attempts, 1);
    assert.equal(errors.length, 1);
    assert.equal(await cache.get('k', failing), 'old', 'still answered after the failure');
    await settle();
    assert.equal(attempts, 2, 'still old, so the next reader reloads');
    assert.equal(await cache.get('k', async () => 'new'), 'old');
    await settle();
    assert.equal(await cache.get('k', async () => 'newer'), 'new');
  });

  test('a value larger than the byte bound is answered but not kept', async () => {
    const cache = createLoadingCache<string>({ maxEntries: 4, maxBytes: 10, sizeOf: (v) => v.length, maxAgeMs: 1000 });
    assert.equal(await cache.get('big', async () => 'x'.repeat(11)), 'x'.repeat(11));
    assert.deepEqual(cache.size(), { entries: 0, bytes: 0 });
    await cache.get('small', async () => 'abc');
    assert.deepEqual(cache.size(), { entries: 1, bytes: 3 });
  });

  test('a reload that began before clear() answers its caller but is not kept', async () => {
    let clock = 1000;
    const cache = createLoadingCache<string>({ maxEntries: 4, maxAgeMs: 100, now: () => clock });
    await cache.get('k', async () => 'v1');
    clock = 1200;
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'read before the write';
    };
    assert.equal(await cache.get('k', slow), 'v1', 'old answered while the reload runs');
    cache.clear(); // a write commits
    release();
    await settle();
    assert.equal(await cache.get('k', async () => 'read after the write'), 'read after the write');
  });
});
