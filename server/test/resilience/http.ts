import type { Order } from '@torque/contract';

/**
 * The bound on any one request in these suites. Not a performance figure: a request still open
 * after this long is a hang, which is the failure the outage and crash suites look for.
 */
export const REQUEST_BOUND_MS = 15_000;

const PASSWORD = 'correct-horse-7';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  body?: unknown;
  boundMs?: number;
}

/** One real HTTP request (undici's fetch) to a server process; the JSON body parsed. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const bound = options.boundMs ?? REQUEST_BOUND_MS;
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(bound),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      throw new Error(`${method} ${urlPath} did not complete within ${bound} ms (a hang)`, { cause: error });
    throw error;
  }
  const text = await res.text();
  const isJson = res.headers.get('content-type')?.includes('application/json');
  return { status: res.status, body: (isJson && text ? JSON.parse(text) : text) as T, headers: res.headers };
}

export interface Customer {
  email: string;
  token: string;
}

/** Signs up through one server and exchanges the session for an access token, as the SPA does. */
export async function signUp(baseUrl: string, email: string): Promise<Customer> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: email.split('@')[0], email, password: PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_BOUND_MS),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${text}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const exchange = await call<{ accessToken: string }>(baseUrl, 'PUT', `/api/user/${encodeURIComponent(email)}`, {
    cookie,
    body: { email },
  });
  if (exchange.status !== 200)
    throw new Error(`token exchange for ${email} failed: ${exchange.status} ${JSON.stringify(exchange.body)}`);
  return { email, token: exchange.body.accessToken };
}

export const orderInput = (partId: string, quantity = 1) => ({
  partId,
  quantity,
  phone: '+1 555 0100',
  address: '1 Main St, Springfield',
});

export function placeOrder(
  baseUrl: string,
  as: Customer,
  partId: string,
  quantity = 1,
): Promise<Reply<Order | ErrorBody>> {
  return call<Order | ErrorBody>(baseUrl, 'POST', '/api/order', {
    token: as.token,
    body: orderInput(partId, quantity),
  });
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as ErrorBody | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** Adds a part through the admin API and returns its id. */
export async function addPart(baseUrl: string, admin: Customer, available: number): Promise<string> {
  const res = await call<{ _id: string }>(baseUrl, 'POST', '/api/parts', {
    token: admin.token,
    body: {
      name: `Resilience part ${Math.random().toString(36).slice(2, 8)}`,
      des: 'A part for a fault test.',
      img: '/images/parts/test.svg',
      minimunOrder: 1,
      available,
      price: 10,
    },
  });
  if (res.status !== 201) throw new Error(`adding a part failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id;
}
