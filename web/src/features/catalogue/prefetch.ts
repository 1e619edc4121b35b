import type { QueryClient } from '@tanstack/react-query';
import { readRemembered } from '@/lib/fitment/remembered-vehicle.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { catalogueQueryOptions } from './api/get-parts-page.ts';
import { readParams } from './utils/catalogue-params.ts';

/**
 * Starts the catalogue's first page while the page's chunk downloads, with the params the page
 * will ask for (the address's, the vehicle this browser remembers), so the list is usually here
 * when the page first renders: the cards come in its first render instead of twelve placeholders
 * that a second render and restyle replace (a long task each at 8× CPU, issue 31). Nothing is
 * asked when the vehicle may come from a signed-in customer's garage (a request of its own): the
 * page asks then, as before.
 */
export function prefetchCatalogue(queryClient: QueryClient, search: string): void {
  const fromAddress = readParams(new URLSearchParams(search));
  const remembered = readRemembered();
  if (fromAddress.vehicle === null && remembered === null && tokenStorage.get() !== null) return;
  const vehicle = fromAddress.vehicle ?? (remembered === 'cleared' ? null : remembered);
  void queryClient.prefetchInfiniteQuery(catalogueQueryOptions({ ...fromAddress, vehicle }));
}
