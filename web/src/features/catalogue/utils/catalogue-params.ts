/**
 * The catalogue's state lives in the address (`/parts?make=…&model=…&year=…&q=brake&sort=price-asc&inStock=true`),
 * so a reload, back/forward and a shared link show the same results. Defaults are left out of it.
 */
import type { PartSort, Vehicle } from '@torque/contract';
import { readVehicle, writeVehicle } from '@/lib/fitment/vehicle-params.ts';

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
  /** Only the parts that fit this vehicle (and universal ones); null for the whole catalogue. */
  vehicle: Vehicle | null;
  /** The search, trimmed; '' for none. */
  q: string;
  inStock: boolean;
  /** null: the server's default order (relevance while searching). */
  sort: CatalogueSort | null;
}

export const DEFAULT_PARAMS: CatalogueParams = { vehicle: null, q: '', inStock: false, sort: null };

function isSort(value: string | null): value is CatalogueSort {
  return (CATALOGUE_SORTS as readonly (string | null)[]).includes(value);
}

/** What the address asks for; an unknown sort or flag reads as the default. */
export function readParams(search: URLSearchParams): CatalogueParams {
  const sort = search.get('sort');
  return {
    vehicle: readVehicle(search),
    q: (search.get('q') ?? '').trim(),
    inStock: search.get('inStock') === 'true',
    sort: isSort(sort) ? sort : null,
  };
}

/** The address's query for `params`, defaults omitted, in a stable order (vehicle, q, inStock, sort). */
export function writeParams(params: CatalogueParams): URLSearchParams {
  const search = writeVehicle(new URLSearchParams(), params.vehicle);
  if (params.q) search.set('q', params.q);
  if (params.inStock) search.set('inStock', 'true');
  if (params.sort) search.set('sort', params.sort);
  return search;
}
