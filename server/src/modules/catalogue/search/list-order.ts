import type { PartSort } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { parts } from '../../../db/schema/index.ts';
import { KEY_PATTERNS, type KeyColumn } from '../../../lib/keyset-page.ts';
import { rankOf, type ResolvedSearch } from './relevance.ts';

/** The order of a page: a sort the client named, the catalogue's own, or relevance to a search. */
export type PartsOrder = PartSort | 'catalogue' | 'relevance';

const idKey: KeyColumn = { expr: sql`${parts.id}`, type: 'uuid' };

/** Each order's keyset: the columns of its index (migration 0001), the last one the id. */
export function keyColumns(order: PartsOrder, search: ResolvedSearch): KeyColumn[] {
  switch (order) {
    case 'catalogue':
      return [{ expr: sql`${parts.createdAt}`, type: 'timestamptz' }, idKey];
    case 'newest':
      return [
        { expr: sql`${parts.createdAt}`, type: 'timestamptz', desc: true },
        { ...idKey, desc: true },
      ];
    case 'name':
      return [{ expr: sql`lower(${parts.name})`, type: 'text' }, idKey];
    case 'price-asc':
      return [{ expr: sql`${parts.priceCents}`, type: 'integer' }, idKey];
    case 'price-desc':
      return [
        { expr: sql`${parts.priceCents}`, type: 'integer', desc: true },
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
