/**
 * The catalogue's state lives in the address (`/parts?q=brake&sort=price-asc&inStock=true`), so a
 * reload, back/forward and a shared link show the same results. Defaults are left out of it.
 */
export const CATALOGUE_SORTS = ['name', 'price-asc', 'price-desc', 'newest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** The API's limit on a search (issue 14). */
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
