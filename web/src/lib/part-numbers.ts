import type { CrossReference, MatchedBy } from '@torque/contract';

/**
 * How the pages write part numbers (PRODUCT.md §17). Zod-free and small: the part card (on the
 * landing page's first load) uses `brandNote`.
 */

/** The brand the server gives a part added without one; the cards name only other brands. */
export const OWN_BRAND = 'Torque Parts';

/** `Brembo` for a part of another brand, null for the shop's own. */
export const brandNote = (brand: string): string | null => (brand && brand !== OWN_BRAND ? brand : null);

/**
 * A cross-reference as a person reads it: `OE 1K0 698 151 (Volkswagen)`, `Competitor GDB1550
 * (Brembo)`, `Replaces BP-1234` (an old number of the shop's own: no brand).
 */
export function referenceLabel(reference: CrossReference | MatchedBy): string {
  if (reference.kind === 'replaces') return `Replaces ${reference.number}`;
  const kind = { oe: 'OE', competitor: 'Competitor', number: 'Part number' }[reference.kind];
  return `${kind} ${reference.number} (${reference.brand})`;
}
