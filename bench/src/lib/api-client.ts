/** The few API calls the benchmarks need to set up their data, over real HTTP. */

export const PASSWORD = 'bench-password-7';

export interface Account {
  email: string;
  token: string;
}

async function call<T>(
  url: string,
  init: RequestInit & { token?: string; cookie?: string; json?: unknown } = {},
): Promise<{ body: T; response: Response }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${text.slice(0, 300)}`);
  return { body: (text ? JSON.parse(text) : null) as T, response };
}

/** Creates an account and exchanges its session for an API access token, as the SPA does. */
export async function signUp(baseUrl: string, email: string): Promise<Account> {
  const { response } = await call(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    // As a browser would send it: the identity library refuses cookie-setting posts without one.
    headers: { origin: baseUrl },
    json: { name: email.split('@')[0], email, password: PASSWORD },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { body } = await call<{ accessToken: string }>(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    cookie,
    json: { email },
  });
  return { email, token: body.accessToken };
}

export async function get<T>(baseUrl: string, path: string, token?: string): Promise<{ body: T; bytes: Buffer }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${path} → ${response.status} ${bytes.toString().slice(0, 300)}`);
  return { body: JSON.parse(bytes.toString()) as T, bytes };
}

export interface PartSummary {
  _id: string;
  available: number;
}

export async function addPart(baseUrl: string, admin: Account, available: number): Promise<PartSummary> {
  const { body } = await call<PartSummary>(`${baseUrl}/api/parts`, {
    method: 'POST',
    token: admin.token,
    json: {
      name: 'Bench bearing',
      des: 'A part made for the load benchmark.',
      img: '/images/parts/bench.svg',
      minimunOrder: 1,
      available,
      price: 12.5,
    },
  });
  return body;
}

export const orderBody = (partId: string) => ({
  partId,
  quantity: 1,
  phone: '+1 555 0100',
  address: '1 Bench Road, Loadville',
});

export async function placeOrder(baseUrl: string, account: Account, partId: string): Promise<void> {
  await call(`${baseUrl}/api/order`, { method: 'POST', token: account.token, json: orderBody(partId) });
}

/** True when the server has the order endpoints (an anonymous POST gets 401, not 404). */
export async function hasOrderRoutes(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status !== 404;
}
