import type { Part } from '@torque/contract';
import { referenceLabel } from '@/lib/reference-label.ts';

/**
 * Under a search result's figures (PRODUCT.md §17): the cross-reference the search matched
 * ("OE 1K0 698 151 (Volkswagen)"; a match on the part's own number is highlighted by the card
 * itself), and "Replaced by …" for a discontinued part, whose purchase page offers the successor.
 */
export function CardReferences({ part }: { part: Part }) {
  const match = part.matchedBy && part.matchedBy.kind !== 'number' ? part.matchedBy : null;
  if (!match && !part.replacedBy) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {match ? (
        <p>
          <span className="text-base-content/70">Found by </span>
          <mark className="font-medium wrap-anywhere">{referenceLabel(match)}</mark>
        </p>
      ) : null}
      {part.replacedBy ? (
        <p className="font-semibold text-amber-800">
          Replaced by <span className="font-mono">{part.replacedBy.partNumber}</span>
        </p>
      ) : null}
    </div>
  );
}
