import type { Part } from '@torque/contract';
import { normalisePartNumber } from '@torque/contract/part-number-rule';
import { referenceLabel } from '@/lib/reference-label.ts';

/**
 * Why a number someone opened (`/parts/number/:number` → `?asked=`) shows this part: one of its
 * cross-references ("OE 1K0 698 151 (Volkswagen) is sold here as TP-10001"), or a discontinued
 * number whose successor this is. Nothing when it is the part's own number.
 */
export function askedNumberNote(asked: string, part: Pick<Part, 'partNumber' | 'crossReferences'>): string | null {
  const wanted = normalisePartNumber(asked);
  if (!wanted || wanted === normalisePartNumber(part.partNumber)) return null;
  const reference = part.crossReferences.find((r) => normalisePartNumber(r.number) === wanted);
  if (reference && reference.kind !== 'replaces')
    return `${referenceLabel(reference)} is sold here as ${part.partNumber}.`;
  return `${reference?.number ?? asked} has been replaced by ${part.partNumber}.`;
}

export function AskedNumber({ asked, part }: { asked: string; part: Part }) {
  const note = askedNumberNote(asked, part);
  return note ? (
    <p className="alert alert-info">
      <span>{note}</span>
    </p>
  ) : null;
}
