import fc from 'fast-check';
import { TEST_CARDS } from '@torque/testkit';
import { PASSWORD } from '../helpers/test-app.ts';
import { CROSS_REFERENCE_CSV_COLUMNS, FITMENT_CSV_COLUMNS } from '@torque/contract';
import { describeRequest, queryOf, requests, segment, type FuzzRequest } from './requests.ts';
import { evilString } from './values.ts';
import { DECOY_NUMBERS, type Pools } from './world.ts';

export interface RouteFuzz {
  /** "METHOD /url" as in `app.routeAccess`. */
  route: string;
  /** better-auth's own routes answer errors with its `{ code?, message }` body. */
  identity?: boolean;
  /**
   * 'each' (the default) sends every generated request as each caller. 'rotate' sends it as one
   * caller in turn: for the API reference's documents, public files that read no credentials
   * and cost tens of milliseconds each (the reference's script is 4 MB).
   */
  callers?: 'each' | 'rotate';
  requests(pools: Pools): fc.Arbitrary<FuzzRequest>;
}

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const quantity = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }).map(String));
const text = (...values: string[]) => fc.oneof(pick(values), fc.string({ minLength: 1, maxLength: 30 }));
const email = (pools: Pools) => fc.oneof(pick(pools.emails), fc.emailAddress());
/** An address nobody has yet, so a well-formed sign-up gets as far as creating the account. */
const newEmail = fc.oneof(
  fc.nat().map((n) => `fuzz-new-${n}@torque.test`),
  fc.emailAddress(),
);
const part = {
  name: text('Brake disc', 'Piston'),
  des: text('A part.'),
  img: pick(['/images/parts/x.svg', 'https://cdn.example/p.png']),
  minimunOrder: fc.oneof(fc.integer({ min: 1, max: 5 }), pick(['1', '2'])),
  available: fc.oneof(fc.integer({ min: 0, max: 500 }), pick(['10'])),
  price: fc.oneof(pick([0, 1, 9.99, 120]), pick(['12.50'])),
  partNumber: text('FZ-9001', 'BP-4471', 'bp 4471'),
  brand: text('Torque Parts', 'Bosch'),
  replacedBy: pick(['BP-4471', 'ZZ-0000', null]),
  crossReferences: fc.array(
    fc.record({
      kind: pick(['oe', 'competitor', 'replaces', 'dealer']),
      brand: text('Volkswagen'),
      number: text('1K0 698 151', 'GDB1550'),
    }),
    { maxLength: 3 },
  ),
  /** Issue 30: tiers right or wrong (order, prices above the part's, minQuantity 1, text). */
  priceBreaks: fc.oneof(
    fc.array(
      fc.record({
        minQuantity: fc.oneof(fc.integer({ min: 0, max: 600 }), pick(['100', 'many'])),
        price: fc.oneof(pick([0, 0.5, 8.2, 9.999, 200]), pick(['8.90'])),
      }),
      { maxLength: 12 },
    ),
    pick(['cheap', null]),
  ),
};
const profile = {
  name: text('Fuzz Customer'),
  address: text('1 Gear St'),
  phone: text('555 0100'),
  linkedin: text('https://linkedin.com/in/f'),
};
const sandboxCard = fc.record({
  number: fc.oneof(
    pick([TEST_CARDS.visa, TEST_CARDS.declined, TEST_CARDS.insufficientFunds, '4242424242424242']),
    evilString,
  ),
  expMonth: fc.oneof(fc.integer({ min: 1, max: 12 }), pick(['12'])),
  expYear: fc.constant(new Date().getUTCFullYear() + 2),
  cvc: pick(['123', '9999']),
});

const MAKES = ['Volkswagen', 'bmw', 'Nobody'];
const MODELS = ['Golf', '3 series', 'Nothing'];
const YEARS = ['2016', '1899', '2012', '9999'];

/** A CSV field: one of the real values mostly, hostile text sometimes. */
const field = (...real: string[]) =>
  fc.oneof({ arbitrary: pick(real), weight: 4 }, { arbitrary: evilString, weight: 1 });

/**
 * A CSV import (`POST /api/fitment/import`, `POST /api/parts/cross-references/import`): the header
 * right or wrong, lines of real values with fields kept or replaced by hostile text, sometimes a
 * wrong content type or a dry run.
 */
function csvImport(
  path: string,
  columns: readonly string[],
  fields: fc.Arbitrary<string>[],
): fc.Arbitrary<FuzzRequest> {
  const line = fc
    .tuple(...fields)
    .map((values) => values.map((f) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(','));
  const header = fc.oneof(
    { arbitrary: fc.constant(columns.join(',')), weight: 5 },
    { arbitrary: pick(['', `${columns[0]},${columns[1]}`, 'a,b,c,d,e,f,g']), weight: 1 },
  );
  return fc
    .record({
      header,
      lines: fc.array(line, { maxLength: 6 }),
      query: pick(['', '?dryRun=true', '?dryRun=false', '?dryRun=x']),
      contentType: fc.oneof(
        { arbitrary: fc.constant('text/csv'), weight: 5 },
        { arbitrary: pick(['text/csv; charset=utf-8', 'text/plain', 'application/json']), weight: 1 },
      ),
    })
    .map(({ header: h, lines, query, contentType }) => {
      const request: FuzzRequest = {
        method: 'POST',
        url: `${path}${query}`,
        headers: { 'content-type': contentType },
        payload: [h, ...lines].join('\n'),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/** Issue 30 (§25): a price list's body, for the fuzzed companies and real parts, right or wrong. */
const priceListBody = (pools: Pools) => ({
  name: text('Fuzz list'),
  companyIds: fc.array(pick([...pools.companies, 'nope', '00000000-0000-4000-8000-000000000000']), { maxLength: 3 }),
  percentOff: fc.oneof(pick([5, 12.5, 0, 100, 100.01, -1, 1.234, null]), pick(['10', 'lots'])),
  prices: fc.array(
    fc.record({
      partId: pick([...pools.parts, 'nope']),
      price: fc.oneof(pick([9.5, 0, -1, 1.001]), pick(['8.80'])),
      priceBreaks: fc.array(fc.record({ minQuantity: pick([1, 2, 100, 500, 1.5]), price: pick([9, 8.5, 10, -2]) }), {
        maxLength: 3,
      }),
    }),
    { maxLength: 3 },
  ),
  validFrom: pick(['2026-01-01T00:00:00Z', null, 'tomorrow', '']),
  validTo: pick(['2099-01-01T00:00:00Z', '2025-01-01T00:00:00Z', null, 42]),
});

/** A cart's lines: real parts (and the part out of stock), quantities right or wrong. */
const cartLines = (pools: Pools) =>
  fc.array(fc.record({ partId: pick([...pools.parts, ...pools.orderParts]), quantity }), { maxLength: 4 });

/**
 * A quick order (`POST /api/cart/quick-order`): lines of a number and a quantity with any of the
 * separators, numbers real, unknown or hostile, sometimes a header or quotes, sometimes the wrong
 * content type.
 */
const quickOrder: fc.Arbitrary<FuzzRequest> = fc
  .record({
    header: pick(['', 'Part number;Qty\n', 'partNumber,quantity\n']),
    lines: fc.array(
      fc
        .tuple(
          fc.oneof(
            { arbitrary: pick([...DECOY_NUMBERS, 'BP-4471', '1K0 698 151', 'ZZ-0000', '"FZ-0001"']), weight: 4 },
            { arbitrary: evilString, weight: 1 },
          ),
          pick([', ', '\t', ';', ' ', '']),
          fc.oneof(pick(['1', '2', '60', '0', 'x', '1.5', '-1', '"3"', '']), evilString),
        )
        .map(([number, separator, amount]) => `${number}${separator}${amount}`),
      { maxLength: 6 },
    ),
    contentType: fc.oneof(
      { arbitrary: pick(['text/plain', 'text/csv']), weight: 5 },
      { arbitrary: pick(['text/plain; charset=utf-8', 'application/json', 'multipart/form-data']), weight: 1 },
    ),
  })
  .map(({ header, lines, contentType }) => {
    const request: FuzzRequest = {
      method: 'POST',
      url: '/api/cart/quick-order',
      headers: { 'content-type': contentType },
      payload: header + lines.join('\n'),
    };
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });

/** Paths under /api/auth/* that better-auth serves (or refuses), and some it never heard of. */
const AUTH_PATHS = [
  'get-session',
  'list-sessions',
  'revoke-session',
  'revoke-sessions',
  'revoke-other-sessions',
  'update-user',
  'change-email',
  'change-password',
  'set-password',
  'delete-user',
  'request-password-reset',
  'reset-password',
  'verify-email',
  'send-verification-email',
  'callback/google',
  'sign-in/social',
  'link-social',
  'unlink-account',
  'list-accounts',
  'refresh-token',
  'get-access-token',
  'account-info',
  'ok',
  'error',
  'sign-in/email/../../user/admin',
  '%2e%2e/user',
  'nope',
];
const authPath = fc
  .oneof({ arbitrary: pick(AUTH_PATHS), weight: 4 }, { arbitrary: segment([]), weight: 1 })
  .map((p) => `/api/auth/${p}`);
const authBody = (pools: Pools) => ({
  name: text('Fuzz'),
  email: email(pools),
  password: pick([PASSWORD, 'abcdefgh']),
  newPassword: pick(['a-new-password-1']),
  currentPassword: pick([PASSWORD]),
  token: evilString,
  provider: pick(['google', 'github']),
  callbackURL: pick(['/', 'https://evil.example', 'javascript:alert(1)']),
});

/** An address (issue 28): real countries and postal codes mostly, wrong ones and hostile text sometimes. */
const addressBody = {
  label: text('Home'),
  company: text('Acme'),
  name: text('Jane Doe'),
  line1: text('1 Gear St'),
  line2: text('Unit 4'),
  postalCode: text('62704', '10115', 'SW1A 1AA', '1', ''),
  city: text('Springfield'),
  region: text('IL'),
  country: text('US', 'de', 'GB', 'HK', 'XX', 'USA'),
  phone: text('+1 555 0100'),
  defaultShipping: pick([true, false, 'yes']),
  defaultBilling: pick([true, false]),
};
/** A shipping method (issue 28): tables right or wrong. */
const methodBody = {
  name: text('Fuzz Post'),
  carrier: text('Fuzz'),
  countries: fc.array(text('US', 'DE', 'us', 'XX'), { maxLength: 3 }),
  rates: fc.array(
    fc.record({
      upToGrams: fc.oneof(fc.integer({ min: -5, max: 100_000_000 }), pick(['1000'])),
      price: fc.oneof(pick([0, 5, 9.99, -1, 1.001]), pick(['5'])),
    }),
    { maxLength: 4 },
  ),
  freeOver: pick([null, 0, 100, -1, '50']),
  carriesHazardous: pick([true, false, 'no']),
  estimateDays: fc.oneof(
    fc.tuple(fc.integer({ min: -1, max: 400 }), fc.integer({ min: -1, max: 400 })),
    pick([[1], 3]),
  ),
  active: pick([true, false]),
};

/** A tax rate (issue 29): right or wrong. */
const taxRateBody = {
  country: text('US', 'de', 'XX', 'USA'),
  region: fc.oneof(pick([null, 'CA', 'FZ1', 'fz2', 'A B', '']), fc.string({ maxLength: 12 })),
  rate: fc.oneof(pick([0, 7.25, 8.875, 100, -1, 101, 1.0001]), pick(['19'])),
  name: text('Fuzz rate'),
};
const isoDate = fc.oneof(
  pick(['2026-01-01', '2026-12-31', '2026-02-30', '2026-13-01', '']),
  fc.string({ maxLength: 12 }),
);

/** Every API route and how to generate requests for it. The suite fails if a route is missing. */
export const routeFuzz: RouteFuzz[] = [
  {
    route: 'GET /api/health',
    requests: () => requests({ method: 'GET', path: '/api/health', query: queryOf({ x: [] }) }),
  },
  {
    route: 'GET /api/config',
    requests: () => requests({ method: 'GET', path: '/api/config', query: queryOf({ x: [] }) }),
  },
  {
    route: 'GET /api/parts',
    requests: () => requests({ method: 'GET', path: '/api/parts', query: queryOf({ limit: ['1'], sort: ['price'] }) }),
  },
  {
    route: 'GET /api/parts/:id',
    requests: (p) => requests({ method: 'GET', path: segment(p.parts).map((id) => `/api/parts/${id}`) }),
  },
  { route: 'POST /api/parts', requests: () => requests({ method: 'POST', path: '/api/parts', body: part }) },
  {
    route: 'PUT /api/parts/:id',
    requests: (p) =>
      requests({ method: 'PUT', path: segment(p.decoyParts).map((id) => `/api/parts/${id}`), body: part }),
  },
  {
    route: 'POST /api/parts/:id/stock',
    requests: (p) =>
      requests({
        method: 'POST',
        path: segment(p.decoyParts).map((id) => `/api/parts/${id}/stock`),
        body: { add: pick([1, 5, -1, '3', 0, 1.5, -100_000]) },
      }),
  },
  {
    route: 'DELETE /api/part/:id',
    requests: (p) => requests({ method: 'DELETE', path: segment(p.doomedParts).map((id) => `/api/part/${id}`) }),
  },
  {
    route: 'GET /api/vehicles/makes',
    requests: () => requests({ method: 'GET', path: '/api/vehicles/makes', query: queryOf({ make: ['BMW'] }) }),
  },
  {
    route: 'GET /api/vehicles/models',
    requests: () => requests({ method: 'GET', path: '/api/vehicles/models', query: queryOf({ make: MAKES }) }),
  },
  {
    route: 'GET /api/vehicles/years',
    requests: () =>
      requests({ method: 'GET', path: '/api/vehicles/years', query: queryOf({ make: MAKES, model: MODELS }) }),
  },
  {
    route: 'GET /api/vehicles/engines',
    requests: () =>
      requests({
        method: 'GET',
        path: '/api/vehicles/engines',
        query: queryOf({ make: MAKES, model: MODELS, year: YEARS }),
      }),
  },
  {
    route: 'POST /api/fitment/import',
    requests: (p) =>
      fc.oneof(
        {
          arbitrary: csvImport('/api/fitment/import', FITMENT_CSV_COLUMNS, [
            field(...p.decoyParts, 'x'),
            field(...MAKES),
            field(...MODELS),
            field(...YEARS),
            field(...YEARS),
            field('', '1.4 TSI'),
            field('', 'Note'),
          ]),
          weight: 4,
        },
        {
          arbitrary: requests({
            method: 'POST',
            path: '/api/fitment/import',
            query: queryOf({ dryRun: ['true'] }),
            body: { partId: pick(p.decoyParts) },
          }),
          weight: 1,
        },
      ),
  },
  {
    route: 'GET /api/parts/by-number/:number',
    requests: () =>
      requests({
        method: 'GET',
        path: segment([...DECOY_NUMBERS, 'BP-4471', 'bp 4471', 'BP-4470', '1K0 698 151', 'ZZ-0000']).map(
          (n) => `/api/parts/by-number/${n}`,
        ),
      }),
  },
  {
    route: 'POST /api/parts/cross-references/import',
    requests: () =>
      fc.oneof(
        {
          arbitrary: csvImport('/api/parts/cross-references/import', CROSS_REFERENCE_CSV_COLUMNS, [
            field(...DECOY_NUMBERS, 'ZZ-0000'),
            field('oe', 'competitor', 'replaces', 'dealer'),
            field('Volkswagen', 'Bosch'),
            field('1K0 698 151', 'FZ 77', '0 986 494 550'),
          ]),
          weight: 4,
        },
        {
          arbitrary: requests({
            method: 'POST',
            path: '/api/parts/cross-references/import',
            query: queryOf({ dryRun: ['true'] }),
            body: { partNumber: pick(DECOY_NUMBERS) },
          }),
          weight: 1,
        },
      ),
  },
  { route: 'GET /api/garage', requests: () => requests({ method: 'GET', path: '/api/garage' }) },
  {
    route: 'PUT /api/garage',
    requests: () =>
      requests({
        method: 'PUT',
        path: '/api/garage',
        body: { 0: fc.record({ make: pick(MAKES), model: pick(MODELS), year: fc.oneof(pick(YEARS), fc.integer()) }) },
      }),
  },
  { route: 'GET /api/cart', requests: () => requests({ method: 'GET', path: '/api/cart' }) },
  {
    route: 'PUT /api/cart',
    requests: (p) => requests({ method: 'PUT', path: '/api/cart', body: { lines: cartLines(p) } }),
  },
  {
    route: 'POST /api/cart/lines',
    requests: (p) => requests({ method: 'POST', path: '/api/cart/lines', body: { lines: cartLines(p) } }),
  },
  { route: 'POST /api/cart/quick-order', requests: () => quickOrder },
  {
    route: 'POST /api/orders/:id/reorder',
    requests: (p) =>
      requests({
        method: 'POST',
        path: segment([...p.unpaidOrders, ...p.paidOrders, ...p.otherOrders]).map((id) => `/api/orders/${id}/reorder`),
      }),
  },
  {
    route: 'GET /api/review',
    requests: () => requests({ method: 'GET', path: '/api/review', query: queryOf({ email: [] }) }),
  },
  {
    route: 'POST /api/review',
    requests: () =>
      requests({
        method: 'POST',
        path: '/api/review',
        body: { comment: text('Great part'), rating: fc.oneof(fc.integer({ min: 1, max: 5 }), pick(['4'])) },
      }),
  },
  {
    route: 'POST /api/contact',
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/contact',
        body: { email: email(p), subject: text('Hello'), message: text('Do you ship to Mars?') },
      }),
  },
  {
    route: 'PUT /api/user/:email',
    requests: (p) =>
      requests({ method: 'PUT', path: segment(p.emails).map((e) => `/api/user/${e}`), body: { email: email(p) } }),
  },
  {
    route: 'GET /api/user',
    requests: (p) => requests({ method: 'GET', path: '/api/user', query: queryOf({ email: p.emails }) }),
  },
  {
    route: 'PUT /api/user-update',
    requests: (p) =>
      requests({ method: 'PUT', path: '/api/user-update', query: queryOf({ email: p.emails }), body: profile }),
  },
  {
    route: 'GET /api/all-user',
    requests: () => requests({ method: 'GET', path: '/api/all-user', query: queryOf({ email: [] }) }),
  },
  {
    route: 'PUT /api/user/admin/:email',
    requests: (p) => requests({ method: 'PUT', path: segment(p.doomedEmails).map((e) => `/api/user/admin/${e}`) }),
  },
  {
    route: 'DELETE /api/user/:id',
    requests: (p) => requests({ method: 'DELETE', path: segment(p.doomedUserIds).map((id) => `/api/user/${id}`) }),
  },
  {
    route: 'GET /api/admin/:email',
    requests: (p) => requests({ method: 'GET', path: segment(p.emails).map((e) => `/api/admin/${e}`) }),
  },
  {
    route: 'POST /api/order',
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/order',
        body: {
          partId: pick(p.orderParts),
          quantity,
          phone: text('+1 555 0100'),
          address: text('1 Main St, Springfield'),
        },
      }),
  },
  {
    // The cart is the caller's (empty or not, as other fuzzed calls left it): contact details and stray fields vary.
    route: 'POST /api/checkout',
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/checkout',
        body: {
          phone: text('+1 555 0100'),
          address: fc.oneof(text('1 Main St, Springfield'), fc.record(addressBody, { requiredKeys: [] })),
          addressId: pick(p.addresses),
          billingAddressId: pick(p.addresses),
          shippingMethodId: pick([...p.methods, ...p.decoyMethods]),
          shippingPrice: pick([0, -1]),
          // Issue 30: on account (the fuzzed callers have no terms: 403) with PO numbers right or wrong.
          paymentMethod: pick(['card', 'account', 'cash', 1]),
          poNumber: fc.oneof(text('PO-7781', ''), pick(['P'.repeat(41), null, 7])),
          creditLimit: pick([1_000_000]),
        },
      }),
  },
  { route: 'GET /api/addresses', requests: () => requests({ method: 'GET', path: '/api/addresses' }) },
  {
    route: 'GET /api/addresses/:id',
    requests: (p) => requests({ method: 'GET', path: segment(p.addresses).map((id) => `/api/addresses/${id}`) }),
  },
  {
    route: 'POST /api/addresses',
    requests: () => requests({ method: 'POST', path: '/api/addresses', body: addressBody }),
  },
  {
    route: 'PUT /api/addresses/:id',
    requests: (p) =>
      requests({ method: 'PUT', path: segment(p.addresses).map((id) => `/api/addresses/${id}`), body: addressBody }),
  },
  {
    route: 'DELETE /api/addresses/:id',
    requests: (p) =>
      requests({ method: 'DELETE', path: segment(p.doomedAddresses).map((id) => `/api/addresses/${id}`) }),
  },
  { route: 'GET /api/shipping/methods', requests: () => requests({ method: 'GET', path: '/api/shipping/methods' }) },
  {
    route: 'GET /api/shipping/methods/all',
    requests: () => requests({ method: 'GET', path: '/api/shipping/methods/all' }),
  },
  {
    route: 'GET /api/shipping/methods/:id',
    requests: (p) => requests({ method: 'GET', path: segment(p.methods).map((id) => `/api/shipping/methods/${id}`) }),
  },
  {
    route: 'POST /api/shipping/methods',
    requests: () => requests({ method: 'POST', path: '/api/shipping/methods', body: methodBody }),
  },
  {
    route: 'PUT /api/shipping/methods/:id',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: segment(p.decoyMethods).map((id) => `/api/shipping/methods/${id}`),
        body: methodBody,
      }),
  },
  {
    route: 'DELETE /api/shipping/methods/:id',
    requests: (p) =>
      requests({ method: 'DELETE', path: segment(p.doomedMethods).map((id) => `/api/shipping/methods/${id}`) }),
  },
  {
    route: 'GET /api/shipping/options',
    requests: (p) =>
      requests({ method: 'GET', path: '/api/shipping/options', query: queryOf({ addressId: p.addresses }) }),
  },
  { route: 'GET /api/tax/rates', requests: () => requests({ method: 'GET', path: '/api/tax/rates' }) },
  {
    route: 'GET /api/tax/rates/:id',
    requests: (p) => requests({ method: 'GET', path: segment(p.taxRates).map((id) => `/api/tax/rates/${id}`) }),
  },
  {
    route: 'POST /api/tax/rates',
    requests: () => requests({ method: 'POST', path: '/api/tax/rates', body: taxRateBody }),
  },
  {
    route: 'PUT /api/tax/rates/:id',
    requests: (p) =>
      requests({ method: 'PUT', path: segment(p.taxRates).map((id) => `/api/tax/rates/${id}`), body: taxRateBody }),
  },
  {
    route: 'DELETE /api/tax/rates/:id',
    requests: (p) =>
      requests({ method: 'DELETE', path: segment(p.doomedTaxRates).map((id) => `/api/tax/rates/${id}`) }),
  },
  { route: 'GET /api/tax-id', requests: () => requests({ method: 'GET', path: '/api/tax-id' }) },
  {
    // Fuzzed numbers never reach a real VIES: the test app's VIES_URL answers nothing (unverified).
    route: 'PUT /api/tax-id',
    requests: () =>
      requests({
        method: 'PUT',
        path: '/api/tax-id',
        body: {
          taxId: text('', 'DE136695976', 'FR123', '12-3456789', 'EL094259216'),
          status: pick(['valid', 'invalid']),
          country: text('DE'),
        },
      }),
  },
  {
    route: 'GET /api/companies',
    requests: () => requests({ method: 'GET', path: '/api/companies', query: queryOf({ limit: ['1', '100'] }) }),
  },
  {
    route: 'POST /api/companies',
    requests: () =>
      requests({
        method: 'POST',
        path: '/api/companies',
        body: { name: text('Fuzz Co'), taxId: text('', 'FR40303265045'), netDays: pick([30]) },
      }),
  },
  {
    route: 'GET /api/companies/:id',
    requests: (p) => requests({ method: 'GET', path: segment(p.companies).map((id) => `/api/companies/${id}`) }),
  },
  {
    route: 'PUT /api/companies/:id',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: segment(p.companies).map((id) => `/api/companies/${id}`),
        body: {
          name: text('Fuzz Co Renamed'),
          taxId: fc.oneof(text('', '12-3456789', 'FR40303265045', 'FR12'), pick([null])),
          taxIdStatus: pick(['valid']),
        },
      }),
  },
  {
    route: 'PUT /api/companies/:id/members/:email',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: fc.tuple(segment(p.companies), segment(p.emails)).map(([id, e]) => `/api/companies/${id}/members/${e}`),
        body: { role: text('admin', 'buyer', 'owner') },
      }),
  },
  {
    route: 'PUT /api/companies/:id/terms',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: segment(p.companies).map((id) => `/api/companies/${id}/terms`),
        body: {
          netDays: fc.oneof(pick([30, 0, 366, null]), pick(['30'])),
          creditLimit: fc.oneof(pick([5000, -1, 0.001, null]), pick(['100.50'])),
        },
      }),
  },
  { route: 'GET /api/company', requests: () => requests({ method: 'GET', path: '/api/company' }) },
  { route: 'GET /api/price-lists', requests: () => requests({ method: 'GET', path: '/api/price-lists' }) },
  {
    route: 'POST /api/price-lists',
    requests: (p) => requests({ method: 'POST', path: '/api/price-lists', body: priceListBody(p) }),
  },
  {
    route: 'GET /api/price-lists/:id',
    requests: (p) => requests({ method: 'GET', path: segment(p.priceLists).map((id) => `/api/price-lists/${id}`) }),
  },
  {
    route: 'PUT /api/price-lists/:id',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: segment(p.priceLists).map((id) => `/api/price-lists/${id}`),
        body: priceListBody(p),
      }),
  },
  {
    route: 'DELETE /api/price-lists/:id',
    requests: (p) =>
      requests({ method: 'DELETE', path: segment(p.doomedPriceLists).map((id) => `/api/price-lists/${id}`) }),
  },
  {
    route: 'POST /api/company/invitations',
    requests: (p) =>
      requests({ method: 'POST', path: '/api/company/invitations', body: { email: email(p), role: text('admin') } }),
  },
  {
    route: 'GET /api/company/invitations',
    requests: () => requests({ method: 'GET', path: '/api/company/invitations' }),
  },
  {
    route: 'POST /api/company/invitations/accept',
    requests: () =>
      requests({
        method: 'POST',
        path: '/api/company/invitations/accept',
        body: { token: text('no-such-token', 'a b', ''), companyId: text('x'), role: text('admin') },
      }),
  },
  {
    route: 'DELETE /api/company/members/:email',
    requests: (p) => requests({ method: 'DELETE', path: segment(p.emails).map((e) => `/api/company/members/${e}`) }),
  },
  {
    route: 'GET /api/company/orders',
    requests: () => requests({ method: 'GET', path: '/api/company/orders', query: queryOf({ limit: ['1', '100'] }) }),
  },
  {
    route: 'GET /api/tax-exemptions/:email',
    requests: (p) => requests({ method: 'GET', path: segment(p.emails).map((e) => `/api/tax-exemptions/${e}`) }),
  },
  {
    route: 'PUT /api/tax-exemptions/:email',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: segment(p.emails).map((e) => `/api/tax-exemptions/${e}`),
        body: { certificate: text('RESALE-1'), expiresOn: isoDate },
      }),
  },
  {
    route: 'DELETE /api/tax-exemptions/:email',
    requests: (p) => requests({ method: 'DELETE', path: segment(p.emails).map((e) => `/api/tax-exemptions/${e}`) }),
  },
  {
    route: 'GET /api/tax/quote',
    requests: (p) =>
      requests({
        method: 'GET',
        path: '/api/tax/quote',
        query: queryOf({ addressId: p.addresses, shippingMethodId: [...p.methods, ...p.decoyMethods] }),
      }),
  },
  {
    route: 'GET /api/tax/report',
    requests: () =>
      requests({
        method: 'GET',
        path: '/api/tax/report',
        query: queryOf({ from: ['2026-01-01', '2026-13-01'], to: ['2026-12-31', 'x'] }),
      }),
  },
  {
    route: 'GET /api/tax/report.csv',
    requests: () =>
      requests({
        method: 'GET',
        path: '/api/tax/report.csv',
        query: queryOf({ from: ['2026-01-01'], to: ['2026-12-31', '2025-01-01'] }),
      }),
  },
  {
    route: 'GET /api/order',
    requests: (p) => requests({ method: 'GET', path: '/api/order', query: queryOf({ email: p.emails }) }),
  },
  {
    route: 'GET /api/order/:id',
    requests: (p) =>
      requests({
        method: 'GET',
        path: segment([...p.unpaidOrders, ...p.paidOrders, ...p.otherOrders]).map((id) => `/api/order/${id}`),
      }),
  },
  {
    route: 'DELETE /api/order/:id',
    requests: (p) =>
      requests({
        method: 'DELETE',
        path: segment([...p.doomedOrders, ...p.paidOrders, ...p.otherOrders]).map((id) => `/api/order/${id}`),
      }),
  },
  {
    route: 'PUT /api/order/:id',
    requests: (p) =>
      fc.oneof(
        // An order and the payment that paid it (a replay the server accepts), mutated from there...
        pick(p.paidPairs).chain(({ orderId, paymentId }) =>
          requests({
            method: 'PUT',
            path: segment([orderId]).map((id) => `/api/order/${id}`),
            body: { payment: fc.constant(true), paymentId: fc.constant(paymentId) },
          }),
        ),
        // ...or any order with any payment id.
        requests({
          method: 'PUT',
          path: segment([...p.unpaidOrders, ...p.paidOrders, ...p.otherOrders]).map((id) => `/api/order/${id}`),
          body: { payment: fc.constant(true), paymentId: pick([...p.paymentIds, ...p.intentIds]) },
        }),
      ),
  },
  {
    route: 'GET /api/orders',
    requests: () => requests({ method: 'GET', path: '/api/orders', query: queryOf({ email: [] }) }),
  },
  {
    route: 'PUT /api/orders/:id',
    requests: (p) =>
      requests({
        method: 'PUT',
        path: segment([...p.paidOrders, ...p.unpaidOrders]).map((id) => `/api/orders/${id}`),
        body: { status: fc.constant('shipped') },
      }),
  },
  {
    route: 'GET /api/orders/export.csv',
    requests: () =>
      requests({
        method: 'GET',
        path: '/api/orders/export.csv',
        query: queryOf({ status: ['unpaid', 'paid', 'shipped'], q: ['fuzz', 'brake'] }),
      }),
  },
  {
    route: 'GET /api/order/:id/invoice.pdf',
    requests: (p) =>
      requests({
        method: 'GET',
        path: segment([...p.paidOrders, ...p.unpaidOrders, ...p.otherOrders]).map(
          (id) => `/api/order/${id}/invoice.pdf`,
        ),
      }),
  },
  {
    route: 'POST /api/order/:id/refund',
    requests: (p) =>
      requests({
        method: 'POST',
        path: segment([...p.paidOrders, ...p.unpaidOrders, ...p.otherOrders]).map((id) => `/api/order/${id}/refund`),
        body: { amount: pick([1, -1, 'all']), refundedAt: pick(['2020-01-01']) },
      }),
  },
  {
    route: 'GET /api/order/:id/credit-notes/:number.pdf',
    requests: (p) =>
      requests({
        method: 'GET',
        path: fc
          .tuple(
            segment([...p.paidOrders, ...p.unpaidOrders, ...p.otherOrders]),
            segment([`CN-${new Date().getUTCFullYear()}-000001`, 'CN-2026-000002', 'INV-2026-000001', 'CN-99-1']),
          )
          .map(([id, number]) => `/api/order/${id}/credit-notes/${number}.pdf`),
      }),
  },
  {
    route: 'GET /api/stats',
    requests: () => requests({ method: 'GET', path: '/api/stats', query: queryOf({ days: ['7', '30', '90', '366'] }) }),
  },
  {
    route: 'GET /api/contact',
    requests: () =>
      requests({
        method: 'GET',
        path: '/api/contact',
        query: queryOf({ handled: ['true', 'false'], limit: ['1', '50'] }),
      }),
  },
  {
    route: 'PUT /api/contact/:id',
    requests: () =>
      requests({
        method: 'PUT',
        path: segment([]).map((id) => `/api/contact/${id}`),
        body: { handled: pick([true, false, 'true']) },
      }),
  },
  {
    route: 'POST /api/create-payment-intent',
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/create-payment-intent',
        body: {
          orderId: pick([...p.unpaidOrders, ...p.paidOrders, ...p.otherOrders]),
          price: pick([12.5, '12.50', 1]),
        },
      }),
  },
  {
    route: 'POST /api/payments/sandbox/confirm',
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/payments/sandbox/confirm',
        body: { clientSecret: pick(p.clientSecrets), card: sandboxCard, billingEmail: email(p) },
      }),
  },
  {
    route: 'POST /api/payment',
    requests: (p) =>
      requests({ method: 'POST', path: '/api/payment', body: { paymentId: pick([...p.paymentIds, ...p.intentIds]) } }),
  },
  {
    route: 'POST /api/webhooks/stripe',
    requests: () =>
      requests({
        method: 'POST',
        path: '/api/webhooks/stripe',
        body: { id: pick(['evt_1']), type: pick(['payment_intent.succeeded']), data: fc.constant({ object: {} }) },
      }),
  },
  // An operator's token of its own (METRICS_TOKEN); unset here, so always 404, whoever asks.
  {
    route: 'GET /api/metrics',
    callers: 'rotate' as const,
    requests: () => requests({ method: 'GET', path: '/api/metrics', query: queryOf({ name: ['x'] }) }),
  },
  // The API reference: public documents; only queries and stray bodies to fuzz.
  ...['/api/docs', '/api/docs/', '/api/docs/openapi.json', '/api/docs/openapi.yaml', '/api/docs/js/scalar.js'].map(
    (path) => ({
      route: `GET ${path}`,
      callers: 'rotate' as const,
      requests: () => requests({ method: 'GET', path, query: queryOf({ url: ['https://evil.example/openapi.json'] }) }),
    }),
  ),
  // better-auth's routes, behind our rate limits.
  ...(['sign-in/email', 'sign-up/email'] as const).map((path) => ({
    route: `POST /api/auth/${path}`,
    identity: true,
    requests: (p: Pools) =>
      requests({
        method: 'POST',
        path: `/api/auth/${path}`,
        origins: [p.publicUrl],
        keepWeight: 2,
        body:
          path === 'sign-in/email'
            ? { email: email(p), password: pick([PASSWORD, 'wrong-password']), rememberMe: fc.boolean() }
            : { name: text('Fuzz'), email: newEmail, password: pick([PASSWORD]) },
      }),
  })),
  {
    route: 'POST /api/auth/request-password-reset',
    identity: true,
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/auth/request-password-reset',
        origins: [p.publicUrl],
        body: { email: email(p), redirectTo: pick(['/reset-password', 'https://evil.example/steal']) },
      }),
  },
  {
    route: 'POST /api/auth/reset-password',
    identity: true,
    requests: (p) =>
      requests({
        method: 'POST',
        path: '/api/auth/reset-password',
        origins: [p.publicUrl],
        body: { newPassword: text('new-password-1'), token: text('not-a-token') },
      }),
  },
  {
    route: 'POST /api/auth/sign-out',
    identity: true,
    requests: (p) => requests({ method: 'POST', path: '/api/auth/sign-out', origins: [p.publicUrl], body: {} }),
  },
  // Issue 30, pay on account (PRODUCT.md §26): the world's orders are card orders (409 NOT_ON_ACCOUNT).
  {
    route: 'POST /api/order/:id/record-payment',
    requests: (p) =>
      requests({
        method: 'POST',
        path: segment([...p.paidOrders, ...p.unpaidOrders, ...p.otherOrders]).map(
          (id) => `/api/order/${id}/record-payment`,
        ),
        body: {
          reference: fc.oneof(text('BANK-REF-1', ''), pick(['x'.repeat(81), null, 5])),
          paidOn: fc.oneof(isoDate, pick(['2026-02-30', '2999-01-01', 'yesterday', 20260101])),
          paymentRecordedAt: pick(['2020-01-01']),
        },
      }),
  },
  { route: 'GET /api/company/credit', requests: () => requests({ method: 'GET', path: '/api/company/credit' }) },
  {
    route: 'GET /api/auth/google/popup',
    identity: true,
    requests: (p) =>
      requests({
        method: 'GET',
        path: '/api/auth/google/popup',
        origins: [p.publicUrl],
        query: queryOf({ callbackURL: ['/', 'https://evil.example'] }),
      }),
  },
  {
    route: 'GET /api/auth/*',
    identity: true,
    requests: (p) =>
      requests({
        method: 'GET',
        path: authPath,
        origins: [p.publicUrl],
        query: queryOf({ token: [], callbackURL: ['/'], state: [], code: [], error: [] }),
      }),
  },
  {
    route: 'POST /api/auth/*',
    identity: true,
    requests: (p) =>
      requests({ method: 'POST', path: authPath, origins: [p.publicUrl], keepWeight: 1, body: authBody(p) }),
  },
];
