import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Order, Part, PartInput, Review } from '@torque/contract';
import { call, exchangeToken, expectStatus, payWithSandbox, type ApiTarget, type ApiUser } from '@torque/testkit';

/**
 * The API as a signed-in user calls it, through @torque/testkit's client (`addPart`,
 * `placeOrder`, …) over a Playwright request context: `api(request)` is the target.
 * `PUT /api/user/{email}` trades the session cookie of the request context for the access
 * token, which every later call sends as a bearer token. Specs use it to arrange state quickly
 * (an order to pay, to cancel, to ship) and to check what the UI did; the journeys themselves
 * go through the pages.
 */
export type { ApiUser };

/** The test kit's target for a request context: its cookies go with every call. */
export function api(request: APIRequestContext): ApiTarget {
  return {
    async send({ method, path, headers, body }) {
      const response = await request.fetch(path, { method, headers, ...(body !== undefined && { data: body }) });
      const replyHeaders = new Headers();
      for (const { name, value } of response.headersArray()) replyHeaders.append(name, value);
      return { status: response.status(), headers: replyHeaders, text: await response.text() };
    },
  };
}

/** The signed-in user of `request`'s context (the cookie stays in the context). */
export async function apiUser(request: APIRequestContext, email: string): Promise<ApiUser> {
  const { id, token } = await exchangeToken(api(request), email);
  return { id, email, name: '', cookie: '', token };
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

export async function listOwnOrders(request: APIRequestContext, user: ApiUser): Promise<Order[]> {
  const query = new URLSearchParams({ email: user.email });
  return json<Order[]>(await request.get(`/api/order?${query}`, { headers: bearer(user) }), 'GET /api/order');
}

async function json<T>(response: APIResponse, what: string, status = 200): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** The end-to-end suite's part, for the test kit's `addPart`: its own name, so no other spec moves its stock. */
export function e2ePart(input: Partial<PartInput> = {}): PartInput {
  return {
    name: `E2E Part ${randomBytes(3).toString('hex')}`,
    des: 'A part made by the end-to-end suite.',
    img: '/images/parts/brake-disc-320.svg',
    minimunOrder: 5,
    available: 40,
    price: 12.5,
    ...input,
  };
}

export async function listAllOrders(request: APIRequestContext, admin: ApiUser): Promise<Order[]> {
  return json<Order[]>(await request.get('/api/orders', { headers: bearer(admin) }), 'GET /api/orders');
}

/**
 * Pays `orderId` the way the checkout page does: intent → sandbox card confirmation → order
 * marked paid → payment record. Resolves the payment's id.
 */
export async function payOrder(request: APIRequestContext, user: ApiUser, orderId: string): Promise<string> {
  const target = api(request);
  const { confirm } = await payWithSandbox(target, user, orderId);
  const { id } = expectStatus<{ id: string }>(confirm, 200, 'POST /api/payments/sandbox/confirm');
  expectStatus<Order>(
    await call(target, 'PUT', `/api/order/${orderId}`, { token: user.token, body: { payment: true, paymentId: id } }),
    200,
    'PUT /api/order/:id',
  );
  // The payment record (PRODUCT.md §3); marking the order paid may have written it already (200, not 201).
  const record = await call(target, 'POST', '/api/payment', { token: user.token, body: { paymentId: id } });
  expect([200, 201], `POST /api/payment: ${JSON.stringify(record.body)}`).toContain(record.status);
  return id;
}
