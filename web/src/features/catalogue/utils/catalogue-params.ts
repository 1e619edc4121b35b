/**
 * The catalogue's state lives in the address (`/parts?q=brake&sort=price-asc&inStock=true`), so a
 * reload, back/forward and a shared link show the same results. Defaults are left out of it.
 */
import type { PartSort } from '@torque/contract';

export type CatalogueSort = PartSort;

/**
 * Every sort of the contract's `PART_SORTS` with its label, in the menu's order (a `Record`, so a
 * sort added to the contract fails to compile until it is named here; the contract's values
 * themselves would bring zod into this page's chunk).
 */
export const SORT_LABELS: Record<CatalogueSort, string> = {
  name: 'Name (A–Z)',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest first',
};
export const CATALOGUE_SORTS = Object.keys(SORT_LABELS) as CatalogueSort[];

/** The API's limit on a search (the contract's `PART_SEARCH_MAX`). */
export const SEARCH_MAX_LENGTH = 200;

export interface CatalogueParams {
  /** The search, trimmed; '' for none. */
  q: string;
  inStock: boolean;
  /** null: the server's default order (relevance while searching). */
  sort: CatalogueSort | null;
}

export const DEFAULT_PARAMS: CatalogueParams = { q: '', inStock: false, sort: null };

function isSort(value: string | null): value is CatalogueSort {
  return (CATALOGUE_SORTS as readonly (string | null)[]).includes(value);
}

/** What the address asks for; an unknown sort or flag reads as the default. */
export function readParams(search: URLSearchParams): CatalogueParams {
  const sort = search.get('sort');
  return {
    q: (search.get('q') ?? '').trim(),
    inStock: search.get('inStock') === 'true',
    sort: isSort(sort) ? sort : null,
  };
}

/** The address's query for `params`, defaults omitted, in a stable order (q, inStock, sort). */
export function writeParams(params: CatalogueParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.inStock) search.set('inStock', 'true');
  if (params.sort) search.set('sort', params.sort);
  return search;
}
