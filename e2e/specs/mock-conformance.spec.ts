import { getResponse } from 'msw';
import { expect, test } from '@playwright/test';
import {
  addPart,
  call,
  isErrorBody,
  placeOrder,
  signUp,
  testCard,
  TEST_CARDS,
  type ApiTarget,
  type Reply,
} from '@torque/testkit';
import { commerceHandlers } from '../../web/src/testing/mock-commerce.ts';
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
        const response = await getResponse(commerceHandlers, request, { baseUrl: MOCK_ORIGIN });
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

test('the web’s mock API answers a payment as the server does', async ({ baseURL }, testInfo) => {
  const server = await paymentAnswers(await serverWorld(baseURL!, adminAccountFor(testInfo.file).email));
  const mock = await paymentAnswers(mockWorld());
  expect(mock).toEqual(server);
});
