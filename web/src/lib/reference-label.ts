import type { CrossReference, MatchedBy } from '@torque/contract';

/**
 * A cross-reference as a person reads it: `OE 1K0 698 151 (Volkswagen)`, `Competitor GDB1550
 * (Brembo)`, `Replaces BP-1234` (an old number of the shop's own: no brand).
 */
export function referenceLabel(reference: CrossReference | MatchedBy): string {
  if (reference.kind === 'replaces') return `Replaces ${reference.number}`;
  const kind = { oe: 'OE', competitor: 'Competitor', number: 'Part number' }[reference.kind];
  return `${kind} ${reference.number} (${reference.brand})`;
}
