import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Order, OrderInput, Part, PartInput, Review } from '@torque/contract';

/**
 * The API as a signed-in user calls it: `PUT /api/user/{email}` trades the session cookie of
 * the request context for the access token, which every later call sends as a bearer token.
 * Specs use it to arrange state quickly (an order to pay, to cancel, to ship) and to check
 * what the UI did; the journeys themselves go through the pages.
 */
export interface ApiUser {
  email: string;
  token: string;
}

export async function apiUser(request: APIRequestContext, email: string): Promise<ApiUser> {
  const response = await request.put(`/api/user/${encodeURIComponent(email)}`, { data: { email } });
  const body = await json<{ accessToken: string }>(response, `token exchange for ${email}`);
  return { email, token: body.accessToken };
}

const bearer = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

export async function listParts(request: APIRequestContext): Promise<Part[]> {
  return json<Part[]>(await request.get('/api/parts'), 'GET /api/parts');
}

export async function getPart(request: APIRequestContext, id: string): Promise<Part> {
  return json<Part>(await request.get(`/api/parts/${id}`), `GET /api/parts/${id}`);
}

export async function listReviews(request: APIRequestContext): Promise<Review[]> {
  return json<Review[]>(await request.get('/api/review'), 'GET /api/review');
}

/** `POST /api/order` as `user`: the server takes the price from the part and the email from the token. */
export async function placeOrder(
  request: APIRequestContext,
  user: ApiUser,
  input: Pick<OrderInput, 'partId' | 'quantity'> & Partial<OrderInput>,
): Promise<Order> {
  const data = { phone: '+1 555 0100', address: '1 Test Lane, Springfield', ...input };
  return json<Order>(await request.post('/api/order', { data, headers: bearer(user) }), 'POST /api/order', 201);
}

export async function listOwnOrders(request: APIRequestContext, user: ApiUser): Promise<Order[]> {
  const query = new URLSearchParams({ email: user.email });
  return json<Order[]>(await request.get(`/api/order?${query}`, { headers: bearer(user) }), 'GET /api/order');
}

async function json<T>(response: APIResponse, what: string, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** `POST /api/parts` as an admin: a part of the test's own, so no other spec moves its stock. */
export async function createPart(
  request: APIRequestContext,
  admin: ApiUser,
  input: Partial<PartInput> = {},
): Promise<Part> {
  const tag = randomBytes(3).toString('hex');
  const data: PartInput = {
    name: `E2E Part ${tag}`,
    des: 'A part made by the end-to-end suite.',
    img: '/images/parts/brake-disc-320.svg',
    minimunOrder: 5,
    available: 40,
    price: 12.5,
    ...input,
  };
  return json<Part>(await request.post('/api/parts', { data, headers: bearer(admin) }), 'POST /api/parts', 201);
}

export async function listAllOrders(request: APIRequestContext, admin: ApiUser): Promise<Order[]> {
  return json<Order[]>(await request.get('/api/orders', { headers: bearer(admin) }), 'GET /api/orders');
}

/** Stripe's test cards, which the sandbox provider follows (server/src/modules/payments/sandbox-cards.ts). */
export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/**
 * Pays `orderId` the way the checkout page does: intent → sandbox card confirmation → order
 * marked paid → payment record. Resolves the payment's id.
 */
export async function payOrder(request: APIRequestContext, user: ApiUser, orderId: string): Promise<string> {
  const headers = bearer(user);
  const intent = await json<{ clientSecret: string }>(
    await request.post('/api/create-payment-intent', { data: { orderId }, headers }),
    'POST /api/create-payment-intent',
  );
  const card = {
    number: TEST_CARDS.success.replace(/\s/g, ''),
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  };
  const confirmed = await json<{ id: string }>(
    await request.post('/api/payments/sandbox/confirm', {
      data: { clientSecret: intent.clientSecret, card, billingEmail: user.email },
      headers,
    }),
    'POST /api/payments/sandbox/confirm',
  );
  await json<Order>(
    await request.put(`/api/order/${orderId}`, { data: { payment: true, paymentId: confirmed.id }, headers }),
    'PUT /api/order/:id',
  );
  // The payment record (PRODUCT.md §3); marking the order paid may have written it already (200, not 201).
  const record = await request.post('/api/payment', { data: { paymentId: confirmed.id }, headers });
  expect([200, 201], `POST /api/payment: ${await record.text()}`).toContain(record.status());
  return confirmed.id;
}
