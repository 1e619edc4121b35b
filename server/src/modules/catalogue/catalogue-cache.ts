import type { Part, PartDetail } from '@torque/contract';
import { createLoadingCache } from '../../lib/loading-cache.ts';
import { serialise, type SerialisedBody } from '../../lib/serialised-body.ts';
import { partTagPrefix } from './parts/part-version.ts';

/**
 * How long a snapshot is trusted without a local write. Writes through this process invalidate
 * at once; the age bounds how long another instance's writes (several servers on one
 * PostgreSQL) stay unseen here.
 */
export const CATALOGUE_MAX_AGE_MS = 1000;

/** One page of a paged or searched list (GET /api/parts?limit=…), as served. */
export interface CachedPage {
  body: SerialisedBody;
  /** Matches across all pages (X-Total-Count). */
  total: number;
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
}

/**
 * A page as the cache keeps it: the next page's key, not its cursor. The cursor is signed for
 * the query as written (parts-service.ts) while the page is shared by every query that resolves
 * to the same search, so each answer signs its own.
 */
export interface StoredPage {
  body: SerialisedBody;
  total: number;
  nextKey: string[] | null;
}

/** A search as written, resolved against the catalogue (its typos' words, its numbers' parts), and that resolution's key. */
export interface StoredSearch<S> {
  search: S;
  key: string;
  /** Its size in the cache's byte bound: the length of its key's text before hashing. */
  bytes: number;
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
/**
 * Searches as written and what they resolved to: a repeated query (and the next page of one)
 * finds its resolution here without a number lookup or a typo match. A resolution holds at most
 * 8 × 256 words or 9 × 400 number matches: the byte bound, not the entries, limits the worst case.
 */
export const SEARCH_CACHE_MAX_ENTRIES = 1024;
export const SEARCH_CACHE_MAX_BYTES = 8 * 1024 * 1024;

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
 * `invalidate()` (called on every part or stock change) drops the snapshot and every page; a
 * load that was already running when it was called is not kept, so a write is never hidden by an
 * older read (lib/loading-cache.ts). A snapshot only past its age is served while one refresh
 * runs behind it.
 */
export function createCatalogueCache<S = unknown>(load: () => Promise<Part[]>, options: CatalogueCacheOptions = {}) {
  const {
    maxAgeMs = CATALOGUE_MAX_AGE_MS,
    now,
    onRefreshError,
    pageCacheMaxEntries = PAGE_CACHE_MAX_ENTRIES,
    pageCacheMaxBytes = PAGE_CACHE_MAX_BYTES,
  } = options;
  const shared = { maxAgeMs, now, onRefreshError };
  const snapshot = createLoadingCache<SerialisedBody>({ ...shared, maxEntries: 1 });
  const pages = createLoadingCache<StoredPage>({
    ...shared,
    maxEntries: pageCacheMaxEntries,
    maxBytes: pageCacheMaxBytes,
    sizeOf: (p) => p.body.json.length,
  });
  const singleParts = createLoadingCache<SerialisedBody | null>({
    ...shared,
    maxEntries: SINGLE_PART_CACHE_MAX_ENTRIES,
    maxBytes: pageCacheMaxBytes,
    sizeOf: (body) => body?.json.length ?? 0,
  });
  const totals = createLoadingCache<number>({ ...shared, maxEntries: TOTAL_CACHE_MAX_ENTRIES });
  const searches = createLoadingCache<StoredSearch<S>>({
    ...shared,
    maxEntries: SEARCH_CACHE_MAX_ENTRIES,
    maxBytes: SEARCH_CACHE_MAX_BYTES,
    sizeOf: (s) => s.bytes,
  });

  return {
    /** The whole catalogue, oldest first, as served. */
    list(): Promise<SerialisedBody> {
      return snapshot.get('catalogue', async () => serialise(await load()));
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
    /**
     * A page of a paged or searched list, keyed by everything that shapes it (sort, the resolved
     * search, filters, limit, the key it starts after).
     */
    page(key: string, load: () => Promise<StoredPage>): Promise<StoredPage> {
      return pages.get(key, load);
    },
    /** A search as written (`key`: its words and numbers), resolved. */
    search(key: string, load: () => Promise<StoredSearch<S>>): Promise<StoredSearch<S>> {
      return searches.get(key, load);
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
      for (const cache of [snapshot, pages, singleParts, totals, searches]) cache.clear();
    },
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
