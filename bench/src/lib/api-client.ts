/**
 * The benchmarks' own reads over real HTTP. Signing up, adding parts and placing orders come
 * from @torque/testkit (signUp, addPart, placeOrder, orderInput).
 */

export async function get<T>(baseUrl: string, path: string, token?: string): Promise<{ body: T; bytes: Buffer }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${path} → ${response.status} ${bytes.toString().slice(0, 300)}`);
  return { body: JSON.parse(bytes.toString()) as T, bytes };
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
