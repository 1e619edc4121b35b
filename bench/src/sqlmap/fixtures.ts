/** The accounts and records sqlmap's requests point at, made over real HTTP as the SPA would. */
import { call, exchangeToken, signUp, testCard } from '@torque/testkit';

const PASSWORD = 'sqlmap-password-7';

export interface Account {
  email: string;
  /** The identity session cookie: exchanged again for a fresh access token before each target. */
  cookie: string;
}

/** Every request goes out as a browser would send it: with the site's origin. */
async function send<T>(
  baseUrl: string,
  method: string,
  path: string,
  init: { token?: string; cookie?: string; json?: unknown } = {},
): Promise<{ body: T }> {
  const reply = await call(baseUrl, method, path, {
    token: init.token,
    cookie: init.cookie,
    body: init.json,
    headers: { origin: baseUrl },
  });
  if (reply.status >= 400)
    throw new Error(`${method} ${path} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  return { body: reply.body as T };
}

/** Signs up through the test kit; sqlmap's targets keep the session cookie, not the token. */
async function newAccount(baseUrl: string, email: string): Promise<Account> {
  const { cookie } = await signUp(baseUrl, email, { password: PASSWORD, headers: { origin: baseUrl } });
  return { email, cookie };
}

/** A fresh 15-minute access token: a full sqlmap run outlives one. */
export async function accessToken(baseUrl: string, account: Account): Promise<string> {
  return (await exchangeToken(baseUrl, account.email, { cookie: account.cookie, headers: { origin: baseUrl } })).token;
}

export interface Fixtures {
  customer: Account;
  admin: Account;
  /** An account the admin-only user routes are pointed at, so the customer keeps its role. */
  bystander: Account;
  partId: string;
  /** Orders of the customer, one per payment route, so one route's success does not change another's. */
  orderId: string;
  intentOrderId: string;
  confirmClientSecret: string;
  unpaidOrderId: string;
  unpaidPaymentId: string;
  paidOrderId: string;
  paidPaymentId: string;
  /** Ids that exist nowhere: DELETE targets point at them, so sqlmap's baseline request deletes nothing. */
  missingId: string;
}

const card = testCard();

export async function makeFixtures(baseUrl: string, adminEmail: string): Promise<Fixtures> {
  const [customer, admin, bystander] = [
    await newAccount(baseUrl, 'customer@sqlmap.test'),
    await newAccount(baseUrl, adminEmail),
    await newAccount(baseUrl, 'bystander@sqlmap.test'),
  ];
  const adminToken = await accessToken(baseUrl, admin);
  const token = await accessToken(baseUrl, customer);
  const { body: part } = await send<{ _id: string }>(baseUrl, 'POST', '/api/parts', {
    token: adminToken,
    json: {
      name: 'Probe bearing',
      des: 'A part for the injection scan.',
      img: '/images/parts/probe.svg',
      minimunOrder: 1,
      available: 1_000_000,
      price: 12.5,
    },
  });
  const order = async () =>
    (
      await send<{ _id: string }>(baseUrl, 'POST', '/api/order', {
        token,
        json: { partId: part._id, quantity: 1, phone: '+1 555 0100', address: '1 Probe Road' },
      })
    ).body._id;
  const intent = async (orderId: string) =>
    (await send<{ clientSecret: string }>(baseUrl, 'POST', '/api/create-payment-intent', { token, json: { orderId } }))
      .body.clientSecret;

  const [orderId, intentOrderId, confirmOrderId, unpaidOrderId, paidOrderId] = [
    await order(),
    await order(),
    await order(),
    await order(),
    await order(),
  ];
  const confirmClientSecret = await intent(confirmOrderId);
  const unpaidPaymentId = (await intent(unpaidOrderId)).split('_secret_')[0]!;
  const paidSecret = await intent(paidOrderId);
  await send(baseUrl, 'POST', '/api/payments/sandbox/confirm', {
    token,
    json: { clientSecret: paidSecret, card, billingEmail: customer.email },
  });
  return {
    customer,
    admin,
    bystander,
    partId: part._id,
    orderId,
    intentOrderId,
    confirmClientSecret,
    unpaidOrderId,
    unpaidPaymentId,
    paidOrderId,
    paidPaymentId: paidSecret.split('_secret_')[0]!,
    missingId: '00000000-0000-4000-8000-000000000000',
  };
}

export { card };
