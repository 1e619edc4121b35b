import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Order, OrderInput, Part, Review } from '@torque/contract';

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
