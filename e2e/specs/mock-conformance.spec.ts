import { randomBytes } from 'node:crypto';
import { getResponse } from 'msw';
import { expect, test } from '@playwright/test';
import {
  addPart,
  call,
  httpTransport,
  isErrorBody,
  placeOrder,
  signUp,
  testCard,
  TEST_CARDS,
  type ApiTarget,
  type Reply,
} from '@torque/testkit';
import { commerceHandlers } from '../../web/src/testing/mock-commerce.ts';
import { fitmentHandlers } from '../../web/src/testing/mock-fitment.ts';
import { partNumberHandlers } from '../../web/src/testing/mock-part-numbers.ts';
import { addUser, issueToken, resetState } from '../../web/src/testing/mock-state.ts';
import { adminAccountFor, newAccount } from '../support/accounts.ts';

/**
 * The web's tests run against a mock API (web/src/testing/mock-commerce.ts). It drifted from the
 * server once (a 402 code, a 409 for a 404, admins paying, confirming someone else's intent), so
 * this walks one payment through both, the real server and the mock, with the test kit's client
 * and asks for the same answers: status, error code and, for a card, the message the customer
 * reads. A change to either side that the other does not follow fails here.
 */

interface Person {
  email: string;
  token: string;
}

interface World {
  target: ApiTarget;
  customer: Person;
  other: Person;
  admin: Person;
}

const MOCK_ORIGIN = 'http://mock.test';

/** The mock's handlers as a test kit target: every request answered by msw, no network. */
function mockWorld(): World {
  resetState();
  const person = (email: string, admin: boolean): Person => {
    addUser({ email, admin, name: email.split('@')[0] });
    return { email, token: issueToken(email) };
  };
  return {
    target: {
      async send({ method, path, headers, body }) {
        const request = new Request(`${MOCK_ORIGIN}${path}`, { method, headers, body });
        const response = await getResponse([...partNumberHandlers, ...fitmentHandlers, ...commerceHandlers], request, {
          baseUrl: MOCK_ORIGIN,
        });
        if (!response) return { status: 599, headers: new Headers(), text: `the mock has no handler for ${path}` };
        return { status: response.status, headers: response.headers, text: await response.text() };
      },
    },
    customer: person('customer@mock.test', false),
    other: person('other@mock.test', false),
    admin: person('admin@mock.test', true),
  };
}

async function serverWorld(baseURL: string, adminEmail: string): Promise<World> {
  const account = (label: string) => signUp(baseURL, newAccount(label).email);
  return {
    target: baseURL,
    customer: await account('conformance-customer'),
    other: await account('conformance-other'),
    admin: await signUp(baseURL, adminEmail, { name: 'Conformance Admin' }),
  };
}

/** The payment journey's answers, one line each: what the web's pages branch on. */
async function paymentAnswers({ target, customer, other, admin }: World): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  const note = (what: string, reply: Reply<unknown>) => {
    const body = reply.body;
    const error = isErrorBody(body) ? body.error : undefined;
    answers[what] = [reply.status, error?.code, reply.status === 402 ? error?.message : undefined]
      .filter((x) => x !== undefined)
      .join(' ');
    return reply;
  };
  const intentFor = (as: Person, orderId: string, price?: number) =>
    call<{ clientSecret: string }>(target, 'POST', '/api/create-payment-intent', {
      token: as.token,
      body: { orderId, ...(price !== undefined && { price }) },
    });
  const confirm = (as: Person, clientSecret: string, card = testCard()) =>
    call<{ id: string }>(target, 'POST', '/api/payments/sandbox/confirm', {
      token: as.token,
      body: { clientSecret, card, billingEmail: as.email },
    });
  const markPaid = (as: Person, orderId: string, paymentId: string) =>
    call(target, 'PUT', `/api/order/${orderId}`, { token: as.token, body: { payment: true, paymentId } });
  const record = (as: Person, paymentId: string) =>
    call(target, 'POST', '/api/payment', { token: as.token, body: { paymentId } });

  const part = await addPart(target, admin, { available: 100, minimunOrder: 1, price: 10 });
  const order = await placeOrder(target, customer, part._id, 2);
  const second = await placeOrder(target, customer, part._id, 1);

  note('intent by an admin', await intentFor(admin, order._id));
  note('intent by another customer', await intentFor(other, order._id));
  note('intent for an unknown order', await intentFor(customer, '00000000-0000-4000-8000-0000000000ff'));
  note('intent at a wrong price', await intentFor(customer, order._id, 1));
  const intent = note('intent by the owner', await intentFor(customer, order._id)) as Reply<{ clientSecret: string }>;
  const { clientSecret } = intent.body;

  const cards: [string, ReturnType<typeof testCard>][] = [
    ['a number failing Luhn', testCard('4242 4242 4242 4241')],
    ['a number too short', testCard('1234')],
    ['the declined test card', testCard(TEST_CARDS.declined)],
    ['insufficient funds', testCard(TEST_CARDS.insufficientFunds)],
    ['an unknown valid number', testCard('4000 0000 0000 0077')],
    ['an expired card', testCard(TEST_CARDS.visa, { expYear: 2020 })],
    ['a short CVC', testCard(TEST_CARDS.visa, { cvc: '12' })],
  ];
  for (const [what, card] of cards) note(`confirm with ${what}`, await confirm(customer, clientSecret, card));
  note('confirm by another customer', await confirm(other, clientSecret));
  note('confirm by an admin', await confirm(admin, clientSecret));
  note('confirm of an unknown intent', await confirm(customer, 'pi_unknown_secret_x'));
  note('record of an unknown payment', await record(customer, 'pi_unknown'));
  note('mark paid with an invented payment', await markPaid(customer, order._id, 'pi_invented'));

  const paid = note('confirm with a good card', await confirm(customer, clientSecret)) as Reply<{ id: string }>;
  const paymentId = paid.body.id;
  note('confirm replayed', await confirm(customer, clientSecret));
  note('intent for a paid order', await intentFor(customer, order._id));
  note('record by another customer', await record(other, paymentId));
  note('record by the owner', await record(customer, paymentId));
  note('record replayed', await record(customer, paymentId));
  note('record by an admin', await record(admin, paymentId));
  note('mark paid with its own payment', await markPaid(customer, order._id, paymentId));
  note('mark paid with another payment', await markPaid(customer, order._id, 'pi_other'));
  note('mark another order paid with this payment', await markPaid(customer, second._id, paymentId));
  return answers;
}

/**
 * Fitment's answers (issue 20), for a make of this run's own so the server's other parts stay out:
 * the selector's lists, the parts for a vehicle with their `fits`, a part's detail, the garage,
 * and the refusals the pages show.
 */
async function fitmentAnswers({ target, customer, admin }: World, make: string): Promise<Record<string, unknown>> {
  const get = (path: string, as?: Person) => call<unknown>(target, 'GET', path, as ? { token: as.token } : {});
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const status = (reply: Reply<unknown>) =>
    [reply.status, isErrorBody(reply.body) ? reply.body.error.code : undefined].filter(Boolean).join(' ');
  const rows = [
    { make, model: 'Roadster', yearFrom: 2014, yearTo: 2016, engine: '2.0', note: 'Manual gearbox only' },
    { make, model: 'Roadster', yearFrom: 2016, yearTo: 2018, engine: null, note: null },
    { make, model: 'Coupe', yearFrom: 2020, yearTo: 2020, engine: null, note: null },
  ];
  const fitted = await addPart(target, admin, { name: `Fitted ${make}`, available: 1, fitment: rows });
  await addPart(target, admin, { name: `Other ${make}`, available: 1, fitment: [{ ...rows[2]!, model: 'Van' }] });
  const ours = (parts: unknown) =>
    (parts as { name: string; fits?: unknown }[])
      .filter((p) => p.name.endsWith(make))
      .map((p) => ({ name: p.name.replace(make, 'MAKE'), fits: p.fits }));

  const makes = (await get('/api/vehicles/makes')).body as string[];
  const vehicle = { make, model: 'Roadster', year: '2016' };
  const partsFor = async (params: Record<string, string>) => ours((await get(`/api/parts?${q(params)}`)).body);
  const detail = (await get(`/api/parts/${fitted._id}`)).body as { universal: boolean; fitment: unknown[] };
  const garageCar = { make, model: 'Roadster', year: 2016, engine: null };
  const put = (body: unknown) => call<unknown>(target, 'PUT', '/api/garage', { token: customer.token, body });
  const putOne = await put([garageCar]);

  return {
    'makes has ours': makes.includes(make),
    models: (await get(`/api/vehicles/models?${q({ make })}`)).body,
    years: (await get(`/api/vehicles/years?${q({ make, model: 'Roadster' })}`)).body,
    engines: (await get(`/api/vehicles/engines?${q(vehicle)}`)).body,
    'models without make': status(await get('/api/vehicles/models')),
    'parts for the vehicle': await partsFor(vehicle),
    'parts for the vehicle, engine 2.0': await partsFor({ ...vehicle, engine: '2.0' }),
    'parts for the vehicle, engine 1.6': await partsFor({ ...vehicle, engine: '1.6' }),
    'parts for a year outside': await partsFor({ ...vehicle, year: '2019' }),
    'half a vehicle': status(await get(`/api/parts?${q({ make })}`)),
    'a year before 1900': status(await get(`/api/parts?${q({ ...vehicle, year: '1800' })}`)),
    detail: { universal: detail.universal, fitment: detail.fitment.length },
    'garage put': [status(putOne), putOne.body],
    'garage get': (await get('/api/garage', customer)).body,
    'garage of six': status(await put(Array.from({ length: 6 }, (_, i) => ({ ...garageCar, year: 2010 + i })))),
    'garage signed out': status(await get('/api/garage')),
  };
}

/**
 * Part numbers' answers (issue 26), on numbers of this run's own: what a create or an edit
 * refuses, the search's `matchedBy`, by-number (a discontinued number followed to its
 * successor), and the cross-reference import's check, refusal and run.
 */
async function partNumberAnswers({ target, customer, admin }: World, tag: string): Promise<Record<string, unknown>> {
  const status = (reply: Reply<unknown>) =>
    [reply.status, isErrorBody(reply.body) ? reply.body.error.code : undefined].filter(Boolean).join(' ');
  const fieldsOf = (reply: Reply<unknown>) =>
    isErrorBody(reply.body) ? Object.keys(reply.body.error.fields ?? {}) : [];
  const post = (body: unknown) => call<unknown>(target, 'POST', '/api/parts', { token: admin.token, body });
  const base = {
    des: 'Conformance part.',
    img: '/images/parts/brake-disc-320.svg',
    minimunOrder: 1,
    available: 5,
    price: 3,
  };
  const oe = `${tag}OE1`;
  const successor = await addPart(target, admin, {
    name: `New ${tag}`,
    available: 5,
    partNumber: `${tag}-2`,
    crossReferences: [{ kind: 'oe', brand: 'Volkswagen', number: oe }],
  });
  const old = await addPart(target, admin, {
    name: `Old ${tag}`,
    available: 5,
    partNumber: `${tag}-1`,
    replacedBy: `${tag}-2`,
  });
  const taken = await post({ ...base, name: `Taken ${tag}`, partNumber: `${tag.toLowerCase()} 2` });
  const repeated = await post({
    ...base,
    name: `Repeated ${tag}`,
    crossReferences: [
      { kind: 'oe', brand: 'Audi', number: `${tag}R1` },
      { kind: 'oe', brand: 'Audi', number: `${tag}-r1` },
    ],
  });
  const unknownSuccessor = await post({ ...base, name: `Orphan ${tag}`, replacedBy: `${tag}-404` });
  const search = await call<{ name: string; matchedBy?: unknown }[]>(
    target,
    'GET',
    `/api/parts?${new URLSearchParams({ q: oe.toLowerCase(), limit: '5' })}`,
  );
  const byNumber = async (number: string) => {
    const reply = await call<{ partNumber?: string; matchedBy?: unknown }>(
      target,
      'GET',
      `/api/parts/by-number/${encodeURIComponent(number)}`,
    );
    return [status(reply), reply.body.partNumber, reply.body.matchedBy];
  };
  const send = typeof target === 'string' ? httpTransport(target) : target.send;
  const importCsv = async (lines: string[], as: Person, dryRun: boolean, type = 'text/csv') => {
    const raw = await send({
      method: 'POST',
      path: `/api/parts/cross-references/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { authorization: `Bearer ${as.token}`, 'content-type': type },
      body: ['partNumber,kind,brand,number', ...lines].join('\n'),
    });
    const body = JSON.parse(raw.text) as {
      error?: { code: string };
      errors?: unknown;
      valid?: number;
      applied?: number;
    };
    return [raw.status, body.error?.code, body.valid, body.errors, body.applied].filter((x) => x !== undefined);
  };
  const good = `${tag}-2,competitor,TRW,${tag}TRW`;
  const bad = [`${tag}-404,oe,Audi,${tag}A1`, `${tag}-2,odd,TRW,${tag}X1`, `${tag}-2,oe,Audi,1`];
  return {
    'successor named': [old.replacedBy?._id === successor._id, old.replacedBy?.partNumber],
    'a taken number': [status(taken), fieldsOf(taken)],
    'a repeated reference': [status(repeated), fieldsOf(repeated)],
    'an unknown successor': [status(unknownSuccessor), fieldsOf(unknownSuccessor)],
    'search by an OE number': search.body.map((p) => ({ name: p.name.replace(tag, 'TAG'), matchedBy: p.matchedBy })),
    'by own number': await byNumber(`${tag.toLowerCase()}-2`),
    'by an OE number': await byNumber(oe),
    'by a discontinued number': await byNumber(`${tag}-1`),
    'by no number': await byNumber(`${tag}-404`),
    'import check': await importCsv([good, ...bad], admin, true),
    'import refused': await importCsv([good, ...bad], admin, false),
    'import by a customer': await importCsv([good], customer, true),
    'import as JSON': await importCsv([good], admin, true, 'application/json'),
    'import run': await importCsv([good], admin, false),
    'references after': (await call<{ crossReferences: unknown }>(target, 'GET', `/api/parts/${successor._id}`)).body
      .crossReferences,
  };
}

// One test: the spec's admin account can be signed up once.
test('the web’s mock API answers a payment, fitment and part numbers as the server does', async ({
  baseURL,
}, testInfo) => {
  const world = await serverWorld(baseURL!, adminAccountFor(testInfo.file).email);
  expect(await paymentAnswers(mockWorld()), 'payment').toEqual(await paymentAnswers(world));
  const make = `Conform ${randomBytes(3).toString('hex')}`;
  expect(await fitmentAnswers(mockWorld(), make), 'fitment').toEqual(await fitmentAnswers(world, make));
  const tag = `CF${randomBytes(3).toString('hex').toUpperCase()}`;
  expect(await partNumberAnswers(mockWorld(), tag), 'part numbers').toEqual(await partNumberAnswers(world, tag));
});
