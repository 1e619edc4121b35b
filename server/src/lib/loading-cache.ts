import { LRUCache } from 'lru-cache';

export interface LoadingCacheOptions<V> {
  /** At most this many loaded entries (loads under way are not counted). */
  maxEntries: number;
  /** At most this many bytes by `sizeOf`; a value larger on its own is answered but not kept. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** An entry this old is still answered, while one reload runs behind it. */
  maxAgeMs: number;
  now?: (() => number) | undefined;
  /** A reload behind an old entry failed; the old entry keeps being answered meanwhile. */
  onRefreshError?: ((error: unknown) => void) | undefined;
}

interface Entry<V> {
  value: V;
  /** When its load began: the age counts what may have changed since the read started. */
  loadedAt: number;
}

type Loader<V> = () => Promise<V>;

/**
 * Loaded values in a least-recently-used map with fixed bounds (lru-cache): entries and, with
 * `maxBytes`, bytes, so a crawler asking for every distinct key evicts old entries instead of
 * growing the process. Concurrent misses of one key share one load; a load under way takes no
 * room from the loaded entries (lru-cache's own `fetch` counts it as an entry, which turned a
 * working set of 300 pages in a 256-page cache with 50 loads in flight from mostly hits into
 * all misses).
 *
 * *A write is never hidden by an older read*: `clear()` (called on every write) moves the
 * generation on, and a load keeps its value only if it began in the current generation. A load
 * that began before the write still answers the callers who were waiting for it.
 *
 * An entry past `maxAgeMs` is answered while one reload runs behind it (stale-while-revalidate),
 * so writes this process cannot see (another instance's) show within the age. A failed reload
 * leaves the old entry in place, still old, so the next reader tries again.
 */
export function createLoadingCache<V>(options: LoadingCacheOptions<V>) {
  const { maxEntries, maxBytes, sizeOf = () => 0, maxAgeMs } = options;
  const now = options.now ?? Date.now;
  const onRefreshError = options.onRefreshError ?? (() => {});
  const entries = new LRUCache<string, Entry<V>>({
    max: maxEntries,
    // lru-cache wants every size positive.
    ...(maxBytes !== undefined && { maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, sizeOf(e.value)) }),
  });
  /** Loads under way in the current generation, by key (cleared with it). */
  const loading = new Map<string, Promise<V>>();
  let generation = 0;

  function load(key: string, loader: Loader<V>): Promise<V> {
    const running = loading.get(key);
    if (running) return running;
    const started = generation;
    const loadedAt = now();
    const promise = loader()
      .then((value) => {
        if (started === generation) entries.set(key, { value, loadedAt });
        return value;
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key);
      });
    loading.set(key, promise);
    return promise;
  }

  return {
    /** The value of `key`, loading it with `load` when missing. */
    async get(key: string, loader: Loader<V>): Promise<V> {
      const entry = entries.get(key);
      if (!entry) return load(key, loader);
      if (now() - entry.loadedAt >= maxAgeMs) load(key, loader).catch(onRefreshError);
      return entry.value;
    },
    /** Drops every entry, and keeps no load that is under way now. */
    clear(): void {
      generation += 1;
      loading.clear();
      // lru-cache's clear() refills its key and value arrays (maxEntries long) even when empty:
      // an order's stock move clears every catalogue cache, mostly empty under a checkout's load.
      if (entries.size > 0) entries.clear();
    },
    /** Entries and bytes held now (their bounds are tested). */
    size: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}
