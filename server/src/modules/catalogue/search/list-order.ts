import type { PartSort } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import { parts } from '../../../db/schema/index.ts';
import { KEY_PATTERNS, type KeyColumn } from '../../../lib/keyset-page.ts';
import { rankOf, type ResolvedSearch } from './relevance.ts';

/** The order of a page: a sort the client named, the catalogue's own, or relevance to a search. */
export type PartsOrder = PartSort | 'catalogue' | 'relevance';

const idKey: KeyColumn = { expr: sql`${parts.id}`, type: 'uuid' };

/**
 * Each order's keyset: the columns of its index (migration 0001), the last one the id. A search
 * in a sort's order sorts the same values written so that no index matches (`+ 0`, `|| ''`): its
 * matches are read by the word-array index and then sorted, at the cost of the matches (what its
 * count costs anyway), instead of walking the sort's index and filtering every row, which the
 * planner picks for common words and which reads most of the catalogue when the matches sit at
 * the index's far end (`sport tested` by name: 870 ms instead of 50 at 100,000 parts).
 */
export function keyColumns(order: PartsOrder, search: ResolvedSearch): KeyColumn[] {
  const searched = search.words.length + search.numbers.length + search.whole.length > 0;
  const noIndex = (expr: SQL, type: 'text' | 'integer' | 'timestamptz'): SQL =>
    !searched
      ? expr
      : type === 'text'
        ? sql`(${expr} || '')`
        : type === 'integer'
          ? sql`(${expr} + 0)`
          : sql`(${expr} + interval '0 seconds')`;
  const createdAt = noIndex(sql`${parts.createdAt}`, 'timestamptz');
  const price = noIndex(sql`${parts.priceCents}`, 'integer');
  switch (order) {
    case 'catalogue':
      return [{ expr: createdAt, type: 'timestamptz' }, idKey];
    case 'newest':
      return [
        { expr: createdAt, type: 'timestamptz', desc: true },
        { ...idKey, desc: true },
      ];
    case 'name':
      return [{ expr: noIndex(sql`lower(${parts.name})`, 'text'), type: 'text' }, idKey];
    case 'price-asc':
      return [{ expr: price, type: 'integer' }, idKey];
    case 'price-desc':
      return [
        { expr: price, type: 'integer', desc: true },
        { ...idKey, desc: true },
      ];
    case 'relevance':
      return [{ expr: rankOf(search), type: 'numeric', desc: true }, idKey];
  }
}

/** What a cursor's key must look like for each order (checked before it reaches SQL). */
export function keyPatterns(order: PartsOrder): RegExp[] {
  switch (order) {
    case 'catalogue':
    case 'newest':
      return [KEY_PATTERNS.timestamp, KEY_PATTERNS.uuid];
    case 'name':
      return [KEY_PATTERNS.text, KEY_PATTERNS.uuid];
    case 'price-asc':
    case 'price-desc':
      return [KEY_PATTERNS.integer, KEY_PATTERNS.uuid];
    case 'relevance':
      return [KEY_PATTERNS.decimal, KEY_PATTERNS.uuid];
  }
}
