import type { Address, ShippingMethod, ShippingOptions } from '@torque/contract';
import { shippingMethodInput, shippingMethodUpdate } from '@torque/contract';
import { addressInput, countryName } from '@torque/contract/address-rules';
import { http, HttpResponse } from 'msw';
import { apiError, adminCaller, caller, mockId, parseBody, state } from './mock-state.ts';

/**
 * The address book and shipping routes of issue 28 (PRODUCT.md §20) as the server answers them:
 * the contract's rules (postal code per country), defaults that move, the server's pricing by
 * weight band, free-over threshold, hazardous goods and countries.
 */
const stamp = '2026-01-01T00:00:00.000Z';

const bookOf = (email: string) => {
  let book = state.addresses.get(email);
  if (!book) state.addresses.set(email, (book = []));
  return book;
};

type Fields = Omit<Address, '_id' | 'countryName' | 'createdAt' | 'updatedAt'>;

/** Adds an entry to `email`'s book as `POST /api/addresses` would (the first becomes both defaults). */
export function addAddress(email: string, fields: Partial<Fields> = {}): Address {
  const book = bookOf(email);
  const first = book.length === 0;
  const entry: Address = {
    _id: mockId(),
    label: null,
    company: null,
    name: 'Ann Buyer',
    line1: '1 Gear St',
    line2: null,
    postalCode: '62704',
    city: 'Springfield',
    region: 'IL',
    country: 'US',
    phone: null,
    ...fields,
    countryName: countryName(fields.country ?? 'US'),
    defaultShipping: fields.defaultShipping ?? first,
    defaultBilling: fields.defaultBilling ?? first,
    createdAt: stamp,
    updatedAt: stamp,
  };
  settleDefaults(book, entry);
  book.push(entry);
  return entry;
}

/** A default set on `entry` moves from the entry that had it. */
function settleDefaults(book: Address[], entry: Address) {
  for (const other of book) {
    if (other === entry) continue;
    if (entry.defaultShipping) other.defaultShipping = false;
    if (entry.defaultBilling) other.defaultBilling = false;
  }
}

export function addShippingMethod(method: Partial<ShippingMethod> = {}): ShippingMethod {
  const full: ShippingMethod = {
    _id: mockId(),
    name: 'Standard (US)',
    carrier: 'UPS Ground',
    countries: ['US'],
    rates: [
      { upToGrams: 5000, price: 9.99 },
      { upToGrams: 30000, price: 19.99 },
    ],
    freeOver: 150,
    carriesHazardous: true,
    estimateDays: [3, 5],
    active: true,
    createdAt: stamp,
    updatedAt: stamp,
    ...method,
  };
  state.shippingMethods.push(full);
  return full;
}

/** The server's quote (shipping-rates.ts): country, hazardous goods, weight band, free-over. */
export function quote(
  method: ShippingMethod,
  parcel: { country: string; weightGrams: number; goodsTotal: number; hazardous: boolean },
): { ok: true; price: number } | { ok: false; code: ShippingOptions['refused'][number]['code']; message: string } {
  if (!method.countries.includes(parcel.country))
    return { ok: false, code: 'COUNTRY_NOT_SERVED', message: `This method does not ship to ${parcel.country}` };
  if (parcel.hazardous && !method.carriesHazardous)
    return {
      ok: false,
      code: 'HAZARDOUS',
      message: 'This method cannot carry hazardous goods, and your cart holds some',
    };
  const band = method.rates.find((r) => parcel.weightGrams <= r.upToGrams);
  if (!band) {
    const last = method.rates.at(-1)?.upToGrams ?? 0;
    return {
      ok: false,
      code: 'TOO_HEAVY',
      message: `Your cart weighs ${parcel.weightGrams} g; this method carries at most ${last} g`,
    };
  }
  const free = method.freeOver !== null && parcel.goodsTotal >= method.freeOver;
  return { ok: true, price: free ? 0 : band.price };
}

/** The buyer's cart as a parcel. */
export function parcelOf(email: string, country: string) {
  let weightGrams = 0;
  let cents = 0;
  let hazardous = false;
  for (const line of state.carts.get(email) ?? []) {
    const part = state.parts.find((p) => p._id === line.partId);
    if (!part) continue;
    weightGrams += part.weightGrams * line.quantity;
    cents += Math.round(part.price * 100) * line.quantity;
    hazardous ||= part.hazardous;
  }
  return { country, weightGrams, goodsTotal: cents / 100, hazardous };
}

export const shippingHandlers = [
  http.get('/api/addresses', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(bookOf(who.email));
  }),

  http.post('/api/addresses', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, addressInput);
    if (body instanceof Response) return body;
    state.writes.push('POST /api/addresses');
    return HttpResponse.json(addAddress(who.email, body), { status: 201 });
  }),

  http.put('/api/addresses/:id', async ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const book = bookOf(who.email);
    const entry = book.find((a) => a._id === params.id);
    if (!entry) return apiError(404, 'NOT_FOUND', 'Address not found');
    const body = await parseBody(request, addressInput);
    if (body instanceof Response) return body;
    state.writes.push(`PUT /api/addresses/${entry._id}`);
    Object.assign(entry, body, {
      countryName: countryName(body.country),
      defaultShipping: body.defaultShipping ?? entry.defaultShipping,
      defaultBilling: body.defaultBilling ?? entry.defaultBilling,
    });
    settleDefaults(book, entry);
    return HttpResponse.json(entry);
  }),

  http.delete('/api/addresses/:id', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const book = bookOf(who.email);
    const index = book.findIndex((a) => a._id === params.id);
    if (index < 0) return apiError(404, 'NOT_FOUND', 'Address not found');
    state.writes.push(`DELETE /api/addresses/${params.id as string}`);
    book.splice(index, 1);
    return HttpResponse.json({ deleted: true, _id: params.id });
  }),

  http.get('/api/shipping/methods', () => HttpResponse.json(state.shippingMethods.filter((m) => m.active))),

  http.get('/api/shipping/methods/all', ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(state.shippingMethods);
  }),

  http.post('/api/shipping/methods', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, shippingMethodInput);
    if (body instanceof Response) return body;
    state.writes.push('POST /api/shipping/methods');
    return HttpResponse.json(addShippingMethod(body as Partial<ShippingMethod>), { status: 201 });
  }),

  http.put('/api/shipping/methods/:id', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const method = state.shippingMethods.find((m) => m._id === params.id);
    if (!method) return apiError(404, 'NOT_FOUND', 'Shipping method not found');
    const body = await parseBody(request, shippingMethodUpdate);
    if (body instanceof Response) return body;
    state.writes.push(`PUT /api/shipping/methods/${method._id}`);
    Object.assign(method, body);
    return HttpResponse.json(method);
  }),

  http.delete('/api/shipping/methods/:id', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const index = state.shippingMethods.findIndex((m) => m._id === params.id);
    if (index < 0) return apiError(404, 'NOT_FOUND', 'Shipping method not found');
    state.writes.push(`DELETE /api/shipping/methods/${params.id as string}`);
    state.shippingMethods.splice(index, 1);
    return HttpResponse.json({ deleted: true, _id: params.id });
  }),

  http.get('/api/shipping/options', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const addressId = new URL(request.url).searchParams.get('addressId');
    const entry = bookOf(who.email).find((a) => a._id === addressId);
    if (!entry) return apiError(404, 'NOT_FOUND', 'Address not found');
    const parcel = parcelOf(who.email, entry.country);
    const answer: ShippingOptions = {
      weightGrams: parcel.weightGrams,
      goodsTotal: parcel.goodsTotal,
      hazardous: parcel.hazardous,
      options: [],
      refused: [],
    };
    for (const method of state.shippingMethods.filter((m) => m.active)) {
      const q = quote(method, parcel);
      if (q.ok)
        answer.options.push({
          methodId: method._id,
          name: method.name,
          carrier: method.carrier,
          price: q.price,
          estimateDays: method.estimateDays,
        });
      else answer.refused.push({ methodId: method._id, name: method.name, code: q.code, message: q.message });
    }
    answer.options.sort((a, b) => a.price - b.price);
    return HttpResponse.json(answer);
  }),
];
