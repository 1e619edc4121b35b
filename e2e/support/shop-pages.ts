import type { Locator, Page } from '@playwright/test';

/** The shop's pages as a person reads them (PRODUCT.md §2): what the journeys look at again and again. */

/** On /purchase/:id, the value next to "Available" in the part's details. */
export function shownStock(page: Page): Locator {
  return page.locator('dt:text-is("Available") + dd');
}

/** On My Orders, the card of the order for the part named `partName`. */
export function orderCard(page: Page, partName: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: partName }) });
}
