/** The accounts and records sqlmap's requests point at, made over real HTTP as the SPA would. */

const PASSWORD = 'sqlmap-password-7';

export interface Account {
  email: string;
  /** The identity session cookie: exchanged again for a fresh access token before each target. */
  cookie: string;
}

async function send<T>(
  baseUrl: string,
  method: string,
  path: string,
  init: { token?: string; cookie?: string; json?: unknown } = {},
): Promise<{ body: T; response: Response }> {
  const headers = new Headers({ origin: baseUrl });
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 300)}`);
  return { body: (text ? JSON.parse(text) : null) as T, response };
}

export async function signUp(baseUrl: string, email: string): Promise<Account> {
  const { response } = await send(baseUrl, 'POST', '/api/auth/sign-up/email', {
    json: { name: email.split('@')[0], email, password: PASSWORD },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

/** A fresh 15-minute access token: a full sqlmap run outlives one. */
export async function accessToken(baseUrl: string, account: Account): Promise<string> {
  const { body } = await send<{ accessToken: string }>(
    baseUrl,
    'PUT',
    `/api/user/${encodeURIComponent(account.email)}`,
    { cookie: account.cookie, json: { email: account.email } },
  );
  return body.accessToken;
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

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

export async function makeFixtures(baseUrl: string, adminEmail: string): Promise<Fixtures> {
  const [customer, admin, bystander] = [
    await signUp(baseUrl, 'customer@sqlmap.test'),
    await signUp(baseUrl, adminEmail),
    await signUp(baseUrl, 'bystander@sqlmap.test'),
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
