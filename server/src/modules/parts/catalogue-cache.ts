import type { Part, PartDetail } from '@torque/contract';
import { partTagPrefix } from './part-version.ts';
import { serialise, type SerialisedBody } from './serialised-body.ts';

/**
 * How long a snapshot is trusted without a local write. Writes through this process invalidate
 * at once; the age bounds how long another instance's writes (several servers on one
 * PostgreSQL) stay unseen here.
 */
export const CATALOGUE_MAX_AGE_MS = 1000;

interface Snapshot {
  list: SerialisedBody;
  loadedAt: number;
}

/** One page of a paged or searched list (GET /api/parts?limit=…), as served. */
export interface CachedPage {
  body: SerialisedBody;
  /** Matches across all pages (X-Total-Count). */
  total: number;
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
}

/**
 * Bounds of the page cache: a fixed number of entries and of bytes, so a crawler asking for
 * every distinct `q` evicts old entries instead of growing the process. 256 full pages of 100
 * parts with long descriptions would be ~60 MB, hence the byte bound as well.
 */
export const PAGE_CACHE_MAX_ENTRIES = 256;
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Single parts read without a snapshot (GET /api/parts/:id). */
export const SINGLE_PART_CACHE_MAX_ENTRIES = 1024;
/** Totals (X-Total-Count) per search and filter, shared by all pages of one query. */
export const TOTAL_CACHE_MAX_ENTRIES = 256;

export interface CatalogueCacheOptions {
  maxAgeMs?: number;
  pageCacheMaxEntries?: number;
  pageCacheMaxBytes?: number;
  now?: () => number;
  /** A background refresh failed; the last snapshot keeps being served meanwhile. */
  onRefreshError?: (error: unknown) => void;
}

/**
 * The catalogue, read from the database once and serialised once, until something changes it.
 * `invalidate()` (called on every part or stock change) drops the snapshot; a load that was
 * already running when it was called is not kept, so a write is never hidden by an older read.
 * A snapshot only past its age is served while one refresh runs behind it.
 */
export function createCatalogueCache(load: () => Promise<Part[]>, options: CatalogueCacheOptions = {}) {
  const {
    maxAgeMs = CATALOGUE_MAX_AGE_MS,
    now = Date.now,
    onRefreshError = () => {},
    pageCacheMaxEntries = PAGE_CACHE_MAX_ENTRIES,
    pageCacheMaxBytes = PAGE_CACHE_MAX_BYTES,
  } = options;
  let generation = 0;
  const generationNow = () => generation;
  const lruOptions = { maxAgeMs, now, generation: generationNow, onRefreshError };
  const pages = createGenerationalLru<CachedPage>({
    ...lruOptions,
    maxEntries: pageCacheMaxEntries,
    maxBytes: pageCacheMaxBytes,
    sizeOf: (p) => p.body.json.length,
  });
  const singleParts = createGenerationalLru<SerialisedBody | null>({
    ...lruOptions,
    maxEntries: SINGLE_PART_CACHE_MAX_ENTRIES,
    maxBytes: pageCacheMaxBytes,
    sizeOf: (body) => body?.json.length ?? 0,
  });
  const totals = createGenerationalLru<number>({
    ...lruOptions,
    maxEntries: TOTAL_CACHE_MAX_ENTRIES,
    maxBytes: Infinity,
    sizeOf: () => 0,
  });
  let snapshot: Snapshot | null = null;
  let loading: { generation: number; promise: Promise<Snapshot> } | null = null;

  function refresh(): Promise<Snapshot> {
    if (loading?.generation === generation) return loading.promise;
    const started = generation;
    const loadedAt = now();
    const promise = load()
      .then((parts): Snapshot => {
        const built = { list: serialise(parts), loadedAt };
        if (started === generation) snapshot = built;
        return built;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { generation: started, promise };
    return promise;
  }

  async function current(): Promise<Snapshot> {
    if (!snapshot) return refresh();
    if (now() - snapshot.loadedAt >= maxAgeMs) refresh().catch(onRefreshError);
    return snapshot;
  }

  return {
    async list(): Promise<SerialisedBody> {
      return (await current()).list;
    },
    /**
     * A part's body with its fitment, or undefined when there is no such part. Read alone, never
     * from the snapshot: the snapshot holds no fitment (100,000 parts have millions of rows), and
     * loading the whole catalogue to answer one part would cost seconds and megabytes.
     */
    async part(id: string, loadOne: () => Promise<PartDetail | undefined>): Promise<SerialisedBody | undefined> {
      const body = await singleParts.get(id, async () => {
        const part = await loadOne();
        return part ? serialise(part, partTagPrefix(part)) : null;
      });
      return body ?? undefined;
    },
    /** A page of a paged or searched list, keyed by everything that shapes it (sort, q, filters, limit, cursor). */
    page(key: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
      return pages.get(key, load);
    },
    /** How many parts match a search and filters (`key`), shared by all its pages. */
    total(key: string, load: () => Promise<number>): Promise<number> {
      return totals.get(key, load);
    },
    /** Entries and bytes the page cache holds now (its bound is tested). */
    pageCacheSize(): { entries: number; bytes: number } {
      return pages.size();
    },
    invalidate(): void {
      generation += 1;
      snapshot = null;
      pages.clear();
      totals.clear();
      singleParts.clear();
    },
  };
}

interface LruOptions<V> {
  maxEntries: number;
  maxBytes: number;
  sizeOf: (value: V) => number;
  maxAgeMs: number;
  now: () => number;
  /** The catalogue's generation: a load that started in an older one is served once, not kept. */
  generation: () => number;
  onRefreshError: (error: unknown) => void;
}

/**
 * A least-recently-used map of loaded values with fixed bounds (entries and bytes). Concurrent
 * misses of one key share one load; an entry past `maxAgeMs` is served while one reload runs
 * (as the snapshot is), so another instance's writes show within the age.
 */
export function createGenerationalLru<V>(options: LruOptions<V>) {
  const { maxEntries, maxBytes, sizeOf, maxAgeMs, now, generation, onRefreshError } = options;
  const entries = new Map<string, { value: V; bytes: number; loadedAt: number }>();
  const loading = new Map<string, { generation: number; promise: Promise<V> }>();
  let bytes = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  function load(key: string, loader: () => Promise<V>): Promise<V> {
    const started = generation();
    const running = loading.get(key);
    if (running?.generation === started) return running.promise;
    const loadedAt = now();
    const promise = loader()
      .then((value) => {
        if (started === generation()) {
          remove(key);
          const size = sizeOf(value);
          if (size <= maxBytes) {
            entries.set(key, { value, bytes: size, loadedAt });
            bytes += size;
            // The Map iterates oldest-used first: evict from the front down to both bounds.
            for (const oldest of entries.keys()) {
              if (entries.size <= maxEntries && bytes <= maxBytes) break;
              remove(oldest);
            }
          }
        }
        return value;
      })
      .finally(() => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      });
    loading.set(key, { generation: started, promise });
    return promise;
  }

  return {
    async get(key: string, loader: () => Promise<V>): Promise<V> {
      const entry = entries.get(key);
      if (!entry) return load(key, loader);
      // Used: move it to the back of the eviction order.
      entries.delete(key);
      entries.set(key, entry);
      if (now() - entry.loadedAt >= maxAgeMs) load(key, loader).catch(onRefreshError);
      return entry.value;
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
