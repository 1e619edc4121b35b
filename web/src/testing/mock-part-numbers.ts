import {
  CROSS_REFERENCE_CSV_COLUMNS,
  crossReferenceImportQuery,
  crossReferenceInput,
  normalisePartNumber,
  type CrossReference,
  type MatchedBy,
  type Part,
  type PartInput,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { adminCaller, apiError, OWN_BRAND, state } from './mock-state.ts';

/**
 * Part numbers as the server answers them (issue 26, PRODUCT.md §17): the numbers a create or an
 * edit stores, which number a search matched, `GET /api/parts/by-number/:number` and the
 * cross-reference CSV import.
 */
const byOwnNumber = (number: string) =>
  state.parts.find((p) => normalisePartNumber(p.partNumber) === normalisePartNumber(number));

type NumberFields = Pick<PartInput, 'partNumber' | 'brand' | 'crossReferences' | 'replacedBy'>;

/** Stores a create's or an edit's numbers on `part`; a 400/409 Response when they cannot be. */
export function storePartNumbers(part: Part, body: NumberFields, creating: boolean): Response | null {
  const repeated = repeatedReferences(body.crossReferences);
  if (repeated) return apiError(400, 'BAD_REQUEST', 'A cross-reference is listed twice', repeated);
  let replacedBy = part.replacedBy;
  if (body.replacedBy === null) replacedBy = null;
  else if (body.replacedBy !== undefined) {
    const successor = byOwnNumber(body.replacedBy);
    if (!successor || successor._id === part._id) {
      const message = successor ? 'A part cannot replace itself' : `No part has the number ${body.replacedBy}`;
      return apiError(400, 'BAD_REQUEST', successor ? message : 'No part has that number', { replacedBy: message });
    }
    replacedBy = { _id: successor._id, partNumber: successor.partNumber };
  }
  const owner = body.partNumber === undefined ? undefined : byOwnNumber(body.partNumber);
  if (body.partNumber !== undefined && owner && owner._id !== part._id) {
    const message = `Another part already has the number ${body.partNumber}`;
    return apiError(409, 'PART_NUMBER_TAKEN', message, { partNumber: message });
  }
  if (body.partNumber !== undefined) part.partNumber = body.partNumber;
  else if (creating) part.partNumber = `TP-${10000 + state.parts.length + 1}`;
  if (body.brand !== undefined || creating) part.brand = body.brand ?? OWN_BRAND;
  if (body.crossReferences !== undefined) part.crossReferences = body.crossReferences as CrossReference[];
  part.replacedBy = replacedBy;
  return null;
}

/** A number listed twice (same kind, normal form) in one part's references, named at its second row. */
function repeatedReferences(references: NumberFields['crossReferences']): Record<string, string> | null {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  references?.forEach((r, i) => {
    const key = `${r.kind}|${normalisePartNumber(r.number)}`;
    if (seen.has(key)) fields[`crossReferences.${i}.number`] = `${r.number} is listed twice`;
    seen.add(key);
  });
  return Object.keys(fields).length > 0 ? fields : null;
}

/** The part a cross-reference names: a replaced number first, then an OE, then a competitor's. */
function byReference(number: string): Part | undefined {
  const order = ['replaces', 'oe', 'competitor'];
  return state.parts
    .flatMap((part) => {
      const match = matchedNumber(part, number);
      return match ? [{ part, rank: order.indexOf(match.kind) }] : [];
    })
    .sort((a, b) => a.rank - b.rank)[0]?.part;
}

/** Which number of `part` the search text is, in normal form (own first), or undefined. */
export function matchedNumber(part: Part, q: string): MatchedBy | undefined {
  const wanted = normalisePartNumber(q);
  if (wanted.length < 2) return undefined;
  if (normalisePartNumber(part.partNumber) === wanted)
    return { kind: 'number', brand: part.brand, number: part.partNumber };
  const reference = part.crossReferences.find((r) => normalisePartNumber(r.number) === wanted);
  return reference ? { ...reference } : undefined;
}

interface ImportCheck {
  valid: number;
  errors: { line: number; message: string }[];
  errorCount: number;
}

/** The file's lines by part, or the refused ones (line 1 is the header). */
function checkCsv(csv: string): { check: ImportCheck; byPart: Map<Part, CrossReference[]> } | Response {
  const lines = csv.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (lines[0]?.trim() !== CROSS_REFERENCE_CSV_COLUMNS.join(',')) {
    return apiError(400, 'BAD_REQUEST', `The first line must be ${CROSS_REFERENCE_CSV_COLUMNS.join(',')}`);
  }
  const errors: ImportCheck['errors'] = [];
  const byPart = new Map<Part, CrossReference[]>();
  lines.slice(1).forEach((text, index) => {
    const line = index + 2;
    const [partNumber = '', kind, brand, number] = text.split(',');
    const part = byOwnNumber(partNumber);
    if (!part) return errors.push({ line, message: `No part with number ${partNumber}` });
    const row = crossReferenceInput.safeParse({ kind, brand, number });
    if (!row.success) return errors.push({ line, message: row.error.issues[0]?.message ?? 'Invalid line' });
    byPart.set(part, [...(byPart.get(part) ?? []), row.data]);
  });
  const valid = lines.length - 1 - errors.length;
  return { check: { valid, errors: errors.slice(0, 100), errorCount: errors.length }, byPart };
}

export const partNumberHandlers = [
  http.get('/api/parts/by-number/:number', ({ params }) => {
    const number = String(params.number);
    const own = byOwnNumber(number);
    const successor = own?.replacedBy && state.parts.find((p) => p._id === own.replacedBy?._id);
    // The server answers 301 to the successor's number; fetch follows it to the successor's answer.
    const part = successor ?? own ?? byReference(number);
    if (!part) return apiError(404, 'NOT_FOUND', 'Part not found');
    const matchedBy = matchedNumber(part, successor ? successor.partNumber : number);
    return HttpResponse.json({ ...part, matchedBy, fitment: state.fitment.get(part._id) ?? [] });
  }),

  http.post('/api/parts/cross-references/import', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    if (!(request.headers.get('content-type') ?? '').startsWith('text/csv')) {
      return apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the cross-references as Content-Type: text/csv');
    }
    const query = crossReferenceImportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiError(400, 'VALIDATION_FAILED', 'dryRun must be true or false');
    const result = checkCsv(await request.text());
    if (result instanceof Response) return result;
    const { check, byPart } = result;
    if (query.data.dryRun) return HttpResponse.json(check);
    if (check.errorCount > 0) {
      const error = { code: 'IMPORT_REFUSED', message: `${check.errorCount} lines were refused: nothing was imported` };
      return HttpResponse.json({ ...check, error }, { status: 422 });
    }
    state.writes.push('POST /api/parts/cross-references/import');
    // Each line's reference is added to its part; one of the same kind and number is updated, not repeated.
    const key = (r: CrossReference) => `${r.kind}|${normalisePartNumber(r.number)}`;
    for (const [part, references] of byPart) {
      const merged = new Map(part.crossReferences.map((r) => [key(r), r]));
      for (const reference of references) merged.set(key(reference), reference);
      part.crossReferences = [...merged.values()];
    }
    return HttpResponse.json({ applied: check.valid });
  }),
];
