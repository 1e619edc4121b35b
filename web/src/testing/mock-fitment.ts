import {
  fitFor,
  garageInput,
  partInput,
  partUpdate,
  partsQuery,
  priceBreakProblems,
  vehicleEnginesQuery,
  vehicleModelsQuery,
  vehicleYearsQuery,
  type FitmentRow,
  type Part,
  type PriceBreakDollars,
  type Vehicle,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { adminCaller, apiError, caller, parseBody, state } from './mock-state.ts';
import { storePartNumbers } from './mock-part-numbers.ts';

/**
 * Fitment as the server answers it (issue 20): the selector's lists from the stored rows, the
 * garage, a part's detail with its fitment, and the admin's create and edit with rows. The
 * vehicle filter of `GET /api/parts` is in mock-commerce.ts's list (`partsFitting`).
 */
const fold = (text: string) => text.toLocaleLowerCase('en');
const allRows = () => [...state.fitment.values()].flat();
const sorted = (names: Iterable<string>) => [...new Set(names)].sort((a, b) => a.localeCompare(b));

/** A query (its known names) checked with a contract schema, answering 400 like the server's validation. */
function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> | Response {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // (zod objects drop names they do not know, as the server's querystring schemas do)
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'query'] ??= issue.message;
  return apiError(400, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid input', fields);
}

const sortedBreaks = (breaks: readonly PriceBreakDollars[]) =>
  [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);

/** The server's 400 for breaks that do not fit the price (contract price-break-rules.ts). */
function breaksRefused(price: number, breaks: readonly PriceBreakDollars[] | undefined, given: boolean) {
  const problems = priceBreakProblems(price, breaks ?? []);
  const first = Object.keys(problems)[0];
  if (first === undefined) return null;
  if (!given)
    return apiError(400, 'BAD_REQUEST', 'The price must stay above the price breaks', {
      price: 'The price must be above every price break: change the breaks too',
    });
  return apiError(400, 'BAD_REQUEST', problems[first]!, problems);
}

const rowsOf = (make: string, model?: string) =>
  allRows().filter((r) => fold(r.make) === fold(make) && (model === undefined || fold(r.model) === fold(model)));

/** The parts that fit a vehicle (and the universal ones), each with the rows that apply as `fits`. */
export function partsFitting(parts: Part[], vehicle: Vehicle): Part[] {
  return parts.flatMap((part) => {
    const fit = fitFor({ universal: part.universal, fitment: state.fitment.get(part._id) ?? [] }, vehicle);
    return fit.fits ? [{ ...part, fits: fit.rows }] : [];
  });
}

/** The vehicle part of `GET /api/parts`'s query, checked by the contract's `partsQuery` as the server does. */
const vehicleQuery = partsQuery.pick({ make: true, model: true, year: true, engine: true });

/**
 * The `?make=&model=&year=[&engine=]` of `GET /api/parts` (server: `parts-service.vehicleOf`):
 * null without one; 400 VALIDATION_FAILED for a bad value, 400 BAD_REQUEST for half a vehicle.
 */
export function vehicleOfQuery(request: Request): Vehicle | null | Response {
  const query = parseQuery(request, vehicleQuery);
  if (query instanceof Response) return query;
  const { make, model, year } = query;
  const engine = query.engine ?? null;
  if (make === undefined && model === undefined && year === undefined) {
    return engine === null
      ? null
      : apiError(400, 'BAD_REQUEST', 'engine needs make, model and year', { make: 'Make is required' });
  }
  if (make !== undefined && model !== undefined && year !== undefined) return { make, model, year, engine };
  const fields: Record<string, string> = {};
  if (make === undefined) fields.make = 'Make is required';
  if (model === undefined) fields.model = 'Model is required';
  if (year === undefined) fields.year = 'Year is required';
  return apiError(
    400,
    'BAD_REQUEST',
    `A vehicle needs make, model and year: ${Object.keys(fields).join(', ')} missing`,
    fields,
  );
}

const etagOf = (part: Part) => `"${Date.parse(part.updatedAt)}.0"`;
const detailOf = (part: Part) => ({ ...part, fitment: state.fitment.get(part._id) ?? [] });

/** What `POST/PUT /api/parts` store of `universal` and `fitment` (rows replace the old ones). */
function storeFitment(part: Part, body: { universal?: boolean | undefined; fitment?: FitmentRow[] | undefined }) {
  if (body.universal !== undefined) part.universal = body.universal;
  if (body.fitment !== undefined) state.fitment.set(part._id, body.fitment);
}

export const fitmentHandlers = [
  http.get('/api/vehicles/makes', () => HttpResponse.json(sorted(allRows().map((r) => r.make)))),

  http.get('/api/vehicles/models', ({ request }) => {
    const query = parseQuery(request, vehicleModelsQuery);
    if (query instanceof Response) return query;
    return HttpResponse.json(sorted(rowsOf(query.make).map((r) => r.model)));
  }),

  http.get('/api/vehicles/years', ({ request }) => {
    const query = parseQuery(request, vehicleYearsQuery);
    if (query instanceof Response) return query;
    const years = new Set<number>();
    for (const row of rowsOf(query.make, query.model)) for (let y = row.yearFrom; y <= row.yearTo; y++) years.add(y);
    return HttpResponse.json([...years].sort((a, b) => b - a));
  }),

  http.get('/api/vehicles/engines', ({ request }) => {
    const query = parseQuery(request, vehicleEnginesQuery);
    if (query instanceof Response) return query;
    const rows = rowsOf(query.make, query.model).filter((r) => r.yearFrom <= query.year && query.year <= r.yearTo);
    return HttpResponse.json(sorted(rows.flatMap((r) => (r.engine ? [r.engine] : []))));
  }),

  http.get('/api/garage', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(state.garages.get(who.email) ?? []);
  }),

  http.put('/api/garage', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, garageInput);
    if (body instanceof Response) return body;
    state.writes.push('PUT /api/garage');
    state.garages.set(who.email, body);
    return HttpResponse.json(body);
  }),

  http.get('/api/parts/:id', ({ params }) => {
    const part = state.parts.find((p) => p._id === params.id);
    if (!part) return apiError(404, 'NOT_FOUND', 'Part not found');
    return HttpResponse.json(detailOf(part), { headers: { ETag: etagOf(part) } });
  }),

  http.post('/api/parts', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, partInput);
    if (body instanceof Response) return body;
    const { universal, fitment, partNumber, brand, crossReferences, replacedBy, ...fields } = body;
    const stamp = new Date().toISOString();
    const part: Part = {
      _id: crypto.randomUUID(),
      ...fields,
      universal: false,
      partNumber: '',
      brand: '',
      crossReferences: [],
      replacedBy: null,
      weightGrams: fields.weightGrams ?? 1000,
      weightDefaulted: fields.weightGrams === undefined,
      hazardous: fields.hazardous ?? false,
      priceBreaks: sortedBreaks(fields.priceBreaks ?? []),
      createdAt: stamp,
      updatedAt: stamp,
    };
    const badBreaks = breaksRefused(part.price, fields.priceBreaks, true);
    if (badBreaks) return badBreaks;
    const refused = storePartNumbers(part, { partNumber, brand, crossReferences, replacedBy }, true);
    if (refused) return refused;
    state.writes.push('POST /api/parts');
    storeFitment(part, { universal, fitment });
    state.parts.push(part);
    return HttpResponse.json(detailOf(part), { status: 201 });
  }),

  http.put('/api/parts/:id', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const part = state.parts.find((p) => p._id === params.id);
    if (!part) return apiError(404, 'NOT_FOUND', 'Part not found');
    if (request.headers.get('if-match') !== etagOf(part)) {
      return apiError(412, 'PRECONDITION_FAILED', 'This part was changed by someone else');
    }
    const body = await parseBody(request, partUpdate);
    if (body instanceof Response) return body;
    const { universal, fitment, partNumber, brand, crossReferences, replacedBy, ...fields } = body;
    const badBreaks = breaksRefused(
      fields.price ?? part.price,
      fields.priceBreaks ?? part.priceBreaks,
      fields.priceBreaks !== undefined,
    );
    if (badBreaks) return badBreaks;
    const refused = storePartNumbers(part, { partNumber, brand, crossReferences, replacedBy }, false);
    if (refused) return refused;
    state.writes.push(`PUT /api/parts/${part._id}`);
    if (fields.priceBreaks) fields.priceBreaks = sortedBreaks(fields.priceBreaks);
    Object.assign(part, fields, { updatedAt: new Date(Date.parse(part.updatedAt) + 1000).toISOString() });
    if (fields.weightGrams !== undefined) part.weightDefaulted = false;
    storeFitment(part, { universal, fitment });
    return HttpResponse.json(detailOf(part), { headers: { ETag: etagOf(part) } });
  }),
];
