import type { ErrorBody, Order, OrderInput, Part, PartInput } from '@torque/contract';

export type { ErrorBody } from '@torque/contract';

/**
 * The API client the suites and benchmarks arrange state with. It speaks through a transport,
 * so one definition serves every way of reaching the server: real HTTP to a base URL (a string
 * target), Fastify's `app.inject` (server/test/helpers/test-app.ts) and Playwright's request
 * context (e2e/support/api.ts).
 */

/** One request as the transport sends it: the body already JSON text. */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawReply {
  status: number;
  headers: Headers;
  text: string;
}

export type Send = (request: RawRequest) => Promise<RawReply>;

/** A base URL (fetch) or anything with a `send`. */
export type ApiTarget = string | { send: Send };

export interface Reply<T = unknown> {
  status: number;
  /** The JSON body parsed, or the text when the response is not JSON. */
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** For a string target: the bound on the request (default REQUEST_BOUND_MS). */
  boundMs?: number;
}

/**
 * The bound on any one request over HTTP. Not a performance figure: a request still open after
 * this long is a hang, which is the failure the outage and crash suites look for.
 */
export const REQUEST_BOUND_MS = 15_000;

/** The password of every account the kit signs up. */
export const PASSWORD = 'correct-horse-7';

/** Real HTTP (undici's fetch) to a base URL. */
export function httpTransport(baseUrl: string, boundMs = REQUEST_BOUND_MS): Send {
  return async ({ method, path, headers, body }) => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined && { body }),
        signal: AbortSignal.timeout(boundMs),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError')
        throw new Error(`${method} ${path} did not complete within ${boundMs} ms (a hang)`, { cause: error });
      throw error;
    }
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
}

const sendOf = (target: ApiTarget, boundMs?: number): Send =>
  typeof target === 'string' ? httpTransport(target, boundMs) : target.send;

/** One request; the JSON body parsed. Never throws for a status: the caller judges it. */
export async function call<T = unknown>(
  target: ApiTarget,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const raw = await sendOf(
    target,
    options.boundMs,
  )({
    method,
    path,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const isJson = raw.headers.get('content-type')?.includes('application/json');
  return {
    status: raw.status,
    body: (isJson && raw.text ? JSON.parse(raw.text) : raw.text) as T,
    headers: raw.headers,
  };
}

export function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as ErrorBody | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** The body of a reply that has the expected status; otherwise an error naming what was asked. */
export function expectStatus<T>(reply: Reply<unknown>, status: number, what: string): T {
  if (reply.status !== status) {
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    throw new Error(`${what}: expected ${status}, got ${reply.status} ${body.slice(0, 500)}`);
  }
  return reply.body as T;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Someone signed in: the identity session cookie and the API access token it was exchanged for. */
export interface ApiUser {
  id: string;
  email: string;
  name: string;
  /** The better-auth session cookie ('' when the transport keeps cookies itself, as Playwright's does). */
  cookie: string;
  /** The API access token from PUT /api/user/:email. */
  token: string;
}

/** `PUT /api/user/:email`: trades the session (cookie) for a 15-minute access token, as the SPA does. */
export async function exchangeToken(
  target: ApiTarget,
  email: string,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ id: string; token: string }> {
  const reply = await call(target, 'PUT', `/api/user/${encodeURIComponent(email)}`, {
    ...options,
    body: { email },
  });
  const body = expectStatus<{ accessToken: string; user: { _id: string } }>(reply, 200, `token exchange for ${email}`);
  return { id: body.user._id, token: body.accessToken };
}

/**
 * Creates an account (`POST /api/auth/sign-up/email`) and exchanges its session for an access
 * token. `headers` go with both requests (e.g. the `origin` a browser sends).
 */
export async function signUp(
  target: ApiTarget,
  email: string,
  options: { name?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<ApiUser> {
  const name = options.name ?? email.split('@')[0]!;
  const res = await call(target, 'POST', '/api/auth/sign-up/email', {
    headers: options.headers,
    body: { name, email, password: options.password ?? PASSWORD },
  });
  expectStatus(res, 200, `sign-up of ${email}`);
  const cookie = cookieOf(res.headers);
  const { id, token } = await exchangeToken(target, email, { cookie, headers: options.headers });
  return { id, email, name, cookie, token };
}

/** A part of the caller's own through the admin API (`POST /api/parts`), so nobody else moves its stock. */
export async function addPart(
  target: ApiTarget,
  admin: Pick<ApiUser, 'token'>,
  spec: Partial<PartInput> & Pick<PartInput, 'available'>,
): Promise<Part> {
  const reply = await call(target, 'POST', '/api/parts', {
    token: admin.token,
    body: {
      name: `Test part ${Math.random().toString(36).slice(2, 8)}`,
      des: 'A part made for one test.',
      img: '/images/parts/test.svg',
      minimunOrder: 1,
      price: 10,
      ...spec,
    },
  });
  return expectStatus<Part>(reply, 201, 'POST /api/parts');
}

/** An order's body: the contact details are the test's, the price is the server's. */
export const orderBody = (
  partId: string,
  quantity: number | string = 1,
  details: Partial<Pick<OrderInput, 'phone' | 'address'>> = {},
) => ({ partId, quantity, phone: '+1 555 0100', address: '1 Main St, Springfield', ...details });

/** `POST /api/order` as `as`, whatever the answer (a refusal is a reply, not an error). */
export function orderAttempt(
  target: ApiTarget,
  as: Pick<ApiUser, 'token'>,
  partId: string,
  quantity: number | string = 1,
  details: Partial<Pick<OrderInput, 'phone' | 'address'>> = {},
): Promise<Reply<Order | ErrorBody>> {
  return call<Order | ErrorBody>(target, 'POST', '/api/order', {
    token: as.token,
    body: orderBody(partId, quantity, details),
  });
}

/** `POST /api/order` as `as`, which must place it (201). */
export async function placeOrder(
  target: ApiTarget,
  as: Pick<ApiUser, 'token'>,
  partId: string,
  quantity: number | string = 1,
  details: Partial<Pick<OrderInput, 'phone' | 'address'>> = {},
): Promise<Order> {
  return expectStatus<Order>(await orderAttempt(target, as, partId, quantity, details), 201, 'POST /api/order');
}

/** Stripe's test cards, which the sandbox provider follows (contract/src/sandbox-cards.ts). */
export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** A card for the sandbox's confirm call: valid for two more years unless overridden. */
export const testCard = (
  number: string = TEST_CARDS.visa,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', ...overrides });

/**
 * Creates an intent for the order and confirms it with a card through the sandbox, as the
 * checkout page does. The confirmation's reply is the caller's to judge.
 */
export async function payWithSandbox(
  target: ApiTarget,
  as: Pick<ApiUser, 'token' | 'email'>,
  orderId: string,
  number: string = TEST_CARDS.visa,
): Promise<{ clientSecret: string; confirm: Reply<{ id: string; status: string; order: Order }> }> {
  const intent = await call(target, 'POST', '/api/create-payment-intent', { token: as.token, body: { orderId } });
  const { clientSecret } = expectStatus<{ clientSecret: string }>(intent, 200, 'POST /api/create-payment-intent');
  const confirm = await call<{ id: string; status: string; order: Order }>(
    target,
    'POST',
    '/api/payments/sandbox/confirm',
    {
      token: as.token,
      body: { clientSecret, card: testCard(number), billingEmail: as.email },
    },
  );
  return { clientSecret, confirm };
}
