import assert from 'node:assert/strict';
import type { Order, Part } from '@torque/contract';
import type { TestApp, TestUser } from './test-app.ts';

export interface PartSpec {
  available: number;
  minimunOrder?: number;
  price?: number;
  name?: string;
}

/** Adds a part through the admin API, so every test owns its stock figures. */
export async function addPart(t: TestApp, spec: PartSpec): Promise<Part> {
  const admin = await t.admin();
  const res = await t.inject(
    {
      method: 'POST',
      url: '/api/parts',
      payload: {
        name: spec.name ?? `Test part ${Math.random().toString(36).slice(2, 8)}`,
        des: 'A part made for one test.',
        img: '/images/parts/test.svg',
        minimunOrder: spec.minimunOrder ?? 1,
        available: spec.available,
        price: spec.price ?? 10,
      },
    },
    admin,
  );
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

export async function stockOf(t: TestApp, partId: string): Promise<number> {
  const res = await t.inject({ method: 'GET', url: `/api/parts/${partId}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as Part).available;
}

export const orderBody = (partId: string, quantity: number | string) => ({
  partId,
  quantity,
  phone: '+1 555 0100',
  address: '1 Main St, Springfield',
});

export async function placeOrder(t: TestApp, as: TestUser, partId: string, quantity: number): Promise<Order> {
  const res = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(partId, quantity) }, as);
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...overrides,
});

/** Creates an intent for the order and confirms it with a card through the sandbox, as the checkout page does. */
export async function payWithSandbox(t: TestApp, as: TestUser, orderId: string, number: string = CARDS.visa) {
  const intent = await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } }, as);
  assert.equal(intent.statusCode, 200, intent.body);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const confirm = await t.inject(
    {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(number), billingEmail: as.email },
    },
    as,
  );
  return { clientSecret, confirm };
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
