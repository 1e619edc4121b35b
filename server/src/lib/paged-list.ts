import type { PageQuery } from '@torque/contract';
import { badRequest } from './errors.ts';
import type { KeysetCodec } from './keyset-page.ts';

/** What a paged answer's headers say (`setPageHeaders`): matches across all pages, and the next cursor. */
export interface PageFacts {
  total: number;
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
}

/** One page: its body (rows, or JSON text, or a serialised body) and its paging facts. */
export interface Page<T> extends PageFacts {
  body: T;
}

export interface PagedListSource<T> {
  /** Signs and checks the cursors (one per service, from `AUTH_SECRET`). */
  cursors: KeysetCodec;
  /**
   * What a cursor belongs to: the list, its order and its filters. A cursor made for another
   * scope (another sort, search or filter) is a 400.
   */
  scope: string;
  /** What each part of the sort key must look like (`KEY_PATTERNS`). */
  keyPatterns: readonly RegExp[];
  /** Up to `limit` rows after the sort key `after` (from the start when undefined), and the key of the last one when more follow. */
  page(limit: number, after: string[] | undefined): Promise<{ body: T; nextKey: string[] | null }>;
  /** How many rows the list holds across all its pages. */
  count(): Promise<number>;
  /**
   * Keeps pages (a cache keyed by `key`: scope, limit and cursor). The cursor has been checked
   * before `load` is asked for.
   */
  cached?: (key: string, load: () => Promise<Page<T>>) => Promise<Page<T>>;
}

/**
 * What a list answers without `limit`: the whole list, as the SPEC's clients expect (`whole()`
 * when given, else every row in the paged order, through `cached` when there is one; a cursor
 * alone is a 400) — or, with `defaultLimit`, pages of that many (a cursor alone continues).
 */
export interface WholeList<T> {
  whole?: (() => Promise<T>) | undefined;
}
export interface DefaultLimit {
  defaultLimit: number;
}

/**
 * A cursor continues a page of some size, so without `limit` it means nothing: a 400 (for the
 * lists that answer the whole list, or a fixed first page, when `limit` is missing).
 */
export function assertCursorHasLimit(query: PageQuery): void {
  if (query.limit === undefined && query.cursor !== undefined)
    throw badRequest('cursor needs limit', { cursor: 'cursor needs limit' });
}

/**
 * The paging steps every list shares (docs/ARCHITECTURE.md, "Lists"): the `limit`/`cursor`
 * rules, the cursor checked for its scope, the page and the total fetched together, the next
 * cursor signed. Answers the body, and the paging facts when it answered one page.
 */
export function pagedList<T>(
  query: PageQuery,
  source: PagedListSource<T>,
  withoutLimit: DefaultLimit,
): Promise<{ body: T; page: PageFacts }>;
export function pagedList<T>(
  query: PageQuery,
  source: PagedListSource<T>,
  withoutLimit?: WholeList<T>,
): Promise<{ body: T; page?: PageFacts }>;
export async function pagedList<T>(
  query: PageQuery,
  source: PagedListSource<T>,
  withoutLimit: WholeList<T> | DefaultLimit = {},
): Promise<{ body: T; page?: PageFacts }> {
  const { cursors, scope, cached } = source;
  const load = (limit: number, after: string[] | undefined) => async (): Promise<Page<T>> => {
    const [found, total] = await Promise.all([source.page(limit, after), source.count()]);
    return { body: found.body, total, nextCursor: found.nextKey && cursors.encode(scope, found.nextKey) };
  };
  const cacheKey = (limit: number) => JSON.stringify([scope, limit, query.cursor ?? null]);

  let limit = query.limit;
  if (limit === undefined) {
    if (!('defaultLimit' in withoutLimit)) {
      assertCursorHasLimit(query);
      if (withoutLimit.whole) return { body: await withoutLimit.whole() };
      const all = Number.MAX_SAFE_INTEGER;
      if (cached) return { body: (await cached(cacheKey(all), load(all, undefined))).body };
      return { body: (await source.page(all, undefined)).body };
    }
    limit = withoutLimit.defaultLimit;
  }
  const after = query.cursor === undefined ? undefined : cursors.decode(query.cursor, scope, source.keyPatterns);
  const { body, total, nextCursor } = cached
    ? await cached(cacheKey(limit), load(limit, after))
    : await load(limit, after)();
  return { body, page: { total, nextCursor } };
}
