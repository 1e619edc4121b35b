import { normalisePartNumber, type PartDetail, type PartSuperseded } from '@torque/contract';
import type { Db } from '../../../db/client.ts';
import { importCheck, ImportRefused, noteError, type ImportCheck, type LineError } from '../../../lib/csv-import.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { PartsRepository } from '../parts/parts-repository.ts';
import { betterMatch, findByNumbers } from '../search/numbers.ts';
import { parseCrossReferenceCsv } from './cross-reference-csv.ts';
import type { CrossReferenceRepository } from './cross-reference-repository.ts';

/** What `GET /api/parts/by-number/:number` finds. */
export type ByNumber =
  { found: 'part'; part: PartDetail } | { found: 'superseded'; superseded: PartSuperseded } | { found: 'none' };

/**
 * Part numbers' own routes (PRODUCT.md §17): the lookup of one number, and the bulk import of
 * cross-references, shaped like the fitment import (dry run, all or nothing, idempotent).
 */
export function createCrossReferenceService(deps: {
  parts: PartsRepository;
  repository: CrossReferenceRepository;
  db: Db;
  changed: () => void;
}) {
  const { repository: repo, changed } = deps;
  return {
    /**
     * The part a number names: its own number first (a discontinued part with a successor answers
     * 'superseded'), else the cross-reference of the highest kind (replaced, OE, competitor), the
     * oldest such part on a tie. Exact in normal form only.
     */
    async byNumber(number: string): Promise<ByNumber> {
      const normal = normalisePartNumber(number);
      const matches = ((await findByNumbers(deps.db, [normal], false)).get(normal) ?? []).filter((m) => m.exact);
      if (matches.length === 0) return { found: 'none' };
      const best = matches.reduce(betterMatch);
      const part = await deps.parts.detail(best.partId);
      if (!part) return { found: 'none' };
      if (best.kind === 'number' && part.replacedBy)
        return {
          found: 'superseded',
          superseded: { _id: part._id, partNumber: part.partNumber, replacedBy: part.replacedBy },
        };
      return {
        found: 'part',
        part: { ...part, matchedBy: { kind: best.kind, brand: best.brand, number: best.number } },
      };
    },

    /**
     * `POST /api/parts/cross-references/import`: a dry run answers the check; a real run applies
     * nothing unless every line passed (ImportRefused otherwise), then adds every line's reference
     * (a part's reference of the same kind and number in normal form is updated, not repeated) and
     * moves those parts' edit version, in one transaction: the same file twice leaves the same rows.
     */
    async importCsv(
      input: string | AsyncIterable<Buffer | string>,
      dryRun: boolean,
    ): Promise<ImportCheck | { applied: number }> {
      const parsed = await parseCrossReferenceCsv(input);
      if ('refused' in parsed) throw badRequest(parsed.refused, parsed.fields);
      const ids = await repo.idsOfNumbers([...new Set(parsed.rows.map((r) => r.partNumberNormal))]);
      const rows = [];
      const missing = { errors: [] as LineError[], errorCount: 0 };
      for (const [i, r] of parsed.rows.entries()) {
        const partId = ids.get(r.partNumberNormal);
        if (partId) rows.push({ partId, kind: r.kind, brand: r.brand, number: r.number });
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
