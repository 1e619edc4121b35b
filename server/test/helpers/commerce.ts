import assert from 'node:assert/strict';
import type { Part } from '@torque/contract';
import type { TestApp, TestUser } from './test-app.ts';

/*
 * Adding parts, placing orders, test cards and the sandbox payment come from @torque/testkit
 * (addPart, placeOrder, orderInput, TEST_CARDS, testCard, payWithSandbox): a TestApp is a
 * target its client reaches through app.inject.
 */

export async function stockOf(t: TestApp, partId: string): Promise<number> {
  const res = await t.inject({ method: 'GET', url: `/api/parts/${partId}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as Part).available;
}

/** Replaces `as`'s cart with `lines` through `PUT /api/cart`, which must take them (200). */
export async function setCart(t: TestApp, as: TestUser, lines: { partId: string; quantity: number }[]): Promise<void> {
  const res = await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
  assert.equal(res.statusCode, 200, res.body);
}

/** Moves a part's stock by `add` through `POST /api/parts/:id/stock` (admin); answers the part. */
export async function moveStock(t: TestApp, partId: string, add: number): Promise<Part> {
  const res = await t.inject({ method: 'POST', url: `/api/parts/${partId}/stock`, payload: { add } }, await t.admin());
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

/** Brings a part's stock to `target` by the delta from what it holds now (no-op when equal). */
export async function setStock(t: TestApp, partId: string, target: number): Promise<void> {
  const delta = target - (await stockOf(t, partId));
  if (delta !== 0) await moveStock(t, partId, delta);
}

/** Edits a part as an admin would: read its ETag, then PUT with If-Match. */
export async function editPart(t: TestApp, partId: string, fields: Record<string, unknown>) {
  const etag = String((await t.inject({ method: 'GET', url: `/api/parts/${partId}` })).headers.etag);
  return t.inject(
    { method: 'PUT', url: `/api/parts/${partId}`, payload: fields, headers: { 'if-match': etag } },
    await t.admin(),
  );
}
