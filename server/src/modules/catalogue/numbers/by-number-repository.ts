import type { CrossReference, FitmentRow, MatchedBy, PartDetail, PriceBreak } from '@torque/contract';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../lib/prepared-query.ts';
import { referencesJsonText, successorNumberText } from '../parts/cross-reference-rows.ts';
import { fitmentJsonText } from '../parts/fitment-rows.ts';
import { editedAtText } from '../parts/part-version.ts';
import { toPart, type SelectedPart } from '../parts/parts-repository.ts';
import { MATCHES_PER_NUMBER } from '../search/numbers.ts';

/** The part one number names, whole (fitment included), and which of its numbers that was. */
export interface NumberedPart {
  part: PartDetail;
  matchedBy: MatchedBy;
}

/**
 * `GET /api/parts/by-number/:number` in one statement and one round trip: the best match of the
 * number (normal form) among own numbers and cross-references, and that part with its
 * references, successor and fitment. The best match is the part's own number, then a replaced,
 * an OE, a competitor number; the oldest part on a tie. Each branch is one equality probe of its
 * normal-form index (migration 0010), bounded like the search's lookup. A named prepared
 * statement on PostgreSQL, so each connection plans it once (planning cost more than running it:
 * docs/PERFORMANCE.md, part numbers). It names every column `toPart` reads: a new column of
 * `parts` belongs here too (part-numbers.test.ts compares the answer with `GET /api/parts/:id`).
 */
const BY_NUMBER = `
select m.kind as "matchKind", m.brand as "matchBrand", m.number as "matchNumber",
  p.id, p.name, p.description, p.img, p.minimum_order as "minimumOrder", p.available,
  p.price_cents as "priceCents", p.universal, p.part_number as "partNumber", p.brand,
  p.replaced_by as "replacedBy", p.weight_grams as "weightGrams", p.weight_defaulted as "weightDefaulted",
  p.hazardous, p.price_breaks as "priceBreaks", p.created_at as "createdAt",
  ${editedAtText('p')} as "editedAt",
  ${referencesJsonText('p')} as "references",
  ${successorNumberText('p')} as "successorNumber",
  ${fitmentJsonText('p')} as "fitment"
from (
  (select id as part_id, 'number' as kind, brand, part_number as number, 0 as rank
   from parts where part_number_normal = $1 limit ${MATCHES_PER_NUMBER})
  union all
  (select part_id, kind, brand, number, case kind when 'replaces' then 1 when 'oe' then 2 else 3 end
   from part_cross_references where number_normal = $1 limit ${MATCHES_PER_NUMBER})
) m
join parts p on p.id = m.part_id
order by m.rank, p.created_at, p.id
limit 1`;

interface Row {
  matchKind: MatchedBy['kind'];
  matchBrand: string;
  matchNumber: string;
  id: string;
  name: string;
  description: string;
  img: string;
  minimumOrder: number;
  available: number;
  priceCents: number;
  universal: boolean;
  partNumber: string;
  brand: string;
  replacedBy: string | null;
  weightGrams: number;
  weightDefaulted: boolean;
  hazardous: boolean;
  priceBreaks: PriceBreak[] | string;
  createdAt: Date | string;
  editedAt: Date | string;
  references: CrossReference[] | string;
  successorNumber: string | null;
  fitment: FitmentRow[] | string;
}

/** A json column as the driver gave it: parsed already (pg, PGlite), or its text. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function createByNumberRepository(db: Db) {
  return {
    /** The part the number (normal form) names, or undefined. */
    async find(normal: string): Promise<NumberedPart | undefined> {
      const [row] = await preparedQuery<Row>(db, 'catalogue_by_number', BY_NUMBER, [normal]);
      if (!row) return undefined;
      const selected = {
        row: {
          ...row,
          priceBreaks: json(row.priceBreaks),
          createdAt: new Date(row.createdAt),
        },
        references: json(row.references),
        successorNumber: row.successorNumber,
        editedAt: new Date(row.editedAt),
      } as unknown as SelectedPart;
      return {
        part: { ...toPart(selected), fitment: json(row.fitment) },
        matchedBy: { kind: row.matchKind, brand: row.matchBrand, number: row.matchNumber },
      };
    },
  };
}
export type ByNumberRepository = ReturnType<typeof createByNumberRepository>;
