import { normalisePartNumber, type MatchedBy, type PartSuperseded } from '@torque/contract';
import { importCheck, ImportRefused, noteError, type ImportCheck, type LineError } from '../../../lib/csv-import.ts';
import { badRequest } from '../../../lib/errors.ts';
import { createLoadingCache } from '../../../lib/loading-cache.ts';
import { serialise, type SerialisedBody } from '../../../lib/serialised-body.ts';
import type { ByNumberRepository, NumberedPart } from './by-number-repository.ts';
import { parseCrossReferenceCsv } from './cross-reference-csv.ts';
import type { CrossReferenceRepository } from './cross-reference-repository.ts';
import type { StoredReference } from '../parts/cross-reference-rows.ts';

/** What `GET /api/parts/by-number/:number` finds: the part's body (with `matchedBy`) as served. */
export type ByNumber =
  { found: 'part'; body: SerialisedBody } | { found: 'superseded'; superseded: PartSuperseded } | { found: 'none' };

/**
 * What a number names, for other modules (the cart's quick order): the part's identity and the
 * reference that matched, not the body the route serves.
 */
export type NumberMatch =
  | { found: 'part'; part: { _id: string; partNumber: string; brand: string; matchedBy: MatchedBy } }
  | { found: 'superseded'; superseded: PartSuperseded }
  | { found: 'none' };

/**
 * Part numbers' own routes (PRODUCT.md §17): the lookup of one number, and the bulk import of
 * cross-references, shaped like the fitment import (dry run, all or nothing, idempotent).
 */
export function createCrossReferenceService(deps: {
  repository: CrossReferenceRepository;
  byNumber: ByNumberRepository;
  changed: () => void;
  /** Bounds of the by-number answers' cache (the plugin passes the single-part cache's). */
  answerCache: { maxEntries: number; maxBytes: number; maxAgeMs: number };
}) {
  const { repository: repo, changed } = deps;
  // Answers by normal form, dropped on every catalogue change (`invalidate`) like the single-part
  // cache beside it (catalogue-cache.ts), and bounded the same way: a crawler asking for every
  // number evicts old entries. A number asked again within the age is served from memory.
  const answers = createLoadingCache<ByNumber>({
    ...deps.answerCache,
    sizeOf: (a) => (a.found === 'part' ? a.body.json.length : 0),
  });

  /** The rule the route and `match` share: nothing, a discontinued own number, or the part and what matched. */
  function classify(
    found: NumberedPart | undefined,
  ): { found: 'none' } | { found: 'superseded'; superseded: PartSuperseded } | ({ found: 'part' } & NumberedPart) {
    if (!found) return { found: 'none' };
    const { part, matchedBy } = found;
    if (matchedBy.kind === 'number' && part.replacedBy)
      return {
        found: 'superseded',
        superseded: { _id: part._id, partNumber: part.partNumber, replacedBy: part.replacedBy },
      };
    return { found: 'part', part, matchedBy };
  }

  /** One statement (numbers/by-number-repository.ts); a found part's body is serialised once, with `matchedBy`. */
  async function lookUp(normal: string): Promise<ByNumber> {
    const c = classify(await deps.byNumber.find(normal));
    return c.found === 'part' ? { found: 'part', body: serialise({ ...c.part, matchedBy: c.matchedBy }) } : c;
  }

  return {
    /** Drops every cached answer; called on every `catalogueChanged()`. */
    invalidate: () => answers.clear(),

    /**
     * The part a number names: its own number first (a discontinued part with a successor answers
     * 'superseded'), else the cross-reference of the highest kind (replaced, OE, competitor), the
     * oldest such part on a tie. Exact in normal form only.
     */
    byNumber(number: string): Promise<ByNumber> {
      const normal = normalisePartNumber(number);
      return answers.get(normal, () => lookUp(normal));
    },

    /** The same lookup as `byNumber`, answered as a match for other modules (not cached: the cart asks rarely). */
    async match(number: string): Promise<NumberMatch> {
      const c = classify(await deps.byNumber.find(normalisePartNumber(number)));
      if (c.found !== 'part') return c;
      const { _id, partNumber, brand } = c.part;
      return { found: 'part', part: { _id, partNumber, brand, matchedBy: c.matchedBy } };
    },

    /**
     * `POST /api/parts/cross-references/import`: a dry run answers the check; a real run applies
     * nothing unless every line passed (ImportRefused otherwise), then adds every line's reference
     * (a part's reference of the same kind and number in normal form is updated, not repeated) and
     * moves the edit version of the parts it changed, in one transaction: the same file twice
     * leaves the same rows, and the second time moves no version.
     */
    async importCsv(
      input: string | AsyncIterable<Buffer | string>,
      dryRun: boolean,
    ): Promise<ImportCheck | { applied: number }> {
      const parsed = await parseCrossReferenceCsv(input);
      if ('refused' in parsed) throw badRequest(parsed.refused, parsed.fields);
      const ids = await repo.idsOfNumbers([...new Set(parsed.rows.map((r) => r.partNumberNormal))]);
      // One row object per line, built once (the write sorts these, not copies of them).
      const rows: StoredReference[] = [];
      const missing = { errors: [] as LineError[], errorCount: 0 };
      for (let i = 0; i < parsed.rows.length; i++) {
        const r = parsed.rows[i]!;
        const partId = ids.get(r.partNumberNormal);
        if (partId) rows.push({ partId, kind: r.kind, brand: r.brand, number: r.number, numberNormal: r.numberNormal });
        else noteError(missing, { line: parsed.lines[i]!, message: `No part with number ${r.partNumber}` });
      }
      const answer = importCheck(rows.length, parsed, missing);
      if (dryRun) return answer;
      if (answer.errorCount > 0) throw new ImportRefused(answer);
      await repo.addReferences(rows);
      changed();
      return { applied: rows.length };
    },
  };
}
export type CrossReferenceService = ReturnType<typeof createCrossReferenceService>;
