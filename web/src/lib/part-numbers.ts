/**
 * The brand rule of part numbers (PRODUCT.md §17), in the part card's share of the first load
 * (vite.config.ts, page-kit): the shop's own brand goes unsaid.
 */

/** The brand the server gives a part added without one; the cards name only other brands. */
export const OWN_BRAND = 'Torque Parts';

/** `Brembo` for a part of another brand, null for the shop's own. */
export const brandNote = (brand: string): string | null => (brand && brand !== OWN_BRAND ? brand : null);
