import {
  chargeOutcome,
  orderInput,
  orderMessages,
  orderPayInput,
  orderShipInput,
  paymentIntentInput,
  paymentRecordInput,
  reviewInput,
  sandboxConfirmInput,
  type Order,
  type PaymentRecord,
  type Part,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { partsFitting, vehicleOfQuery } from './mock-fitment.ts';
import { previewUnitPrice } from '../lib/price-tiers.ts';
import { matchedNumber } from './mock-part-numbers.ts';
import { adminCaller, apiError, caller, mockId, oneLine, parseBody, state, type MockUser } from './mock-state.ts';

/**
 * The catalogue, orders and payments as the server answers them (status codes, error codes),
 * kept in `state`. The sandbox's test cards are the server's own table (`chargeOutcome` from
 * the contract); mock-commerce.test.ts holds the payment answers the server's tests pin down
 * (server/test/payments-sandbox.test.ts), so a drift fails a test.
 */
const now = () => new Date().toISOString();

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** An order the caller owns, or an admin (server: `assertOwnerOrAdmin`). */
function findOrder(id: unknown, who: MockUser): Order | Response {
  const order = state.orders.find((o) => o._id === id);
  if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
  if (!sameEmail(order.email, who.email) && !who.admin)
    return apiError(403, 'FORBIDDEN', 'This belongs to another account');
  return order;
}

/** The payment record of PRODUCT.md §3, written once per paid order. */
function paymentRecordOf(order: Order): PaymentRecord {
  const record = {
    _id: mockId(),
    paymentId: order.paymentId!,
    orderId: order._id,
    price: order.price,
    quantity: order.quantity,
    email: order.email,
    name: order.name,
    createdAt: now(),
  };
  state.payments.push(record);
  return record;
}

/** Marking an order paid writes its payment record in the same step, as the server's markPaid does. */
function markPaid(order: Order, paymentId: string): void {
  Object.assign(order, { payment: true, paymentId, paidAt: order.paidAt ?? now() });
  paymentRecordOf(order);
}

/** Only the customer who placed an order pays for it: an admin has no card (server: `assertOwner(…, 'owner-only')`). */
function ownerOnly(order: Order, who: MockUser): Response | null {
  return sameEmail(order.email, who.email) ? null : apiError(403, 'FORBIDDEN', 'This order belongs to another account');
}

const PART_SORTS: Record<string, (a: Part, b: Part) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  'price-asc': (a, b) => a.price - b.price,
  'price-desc': (a, b) => b.price - a.price,
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
};

/**
 * `GET /api/parts` as issue 14 has it: the whole array without params; with `limit` (1–100) one
 * page, `X-Total-Count` and a `Link: <…&cursor=…>; rel="next"` while more follow. `q` (≤ 200)
 * matches name or description here (the server is typo tolerant), `inStock=true` (at least the
 * minimum order available), `sort`; a vehicle (`make`, `model`, `year`, `engine`) keeps the parts
 * that fit it, each with its `fits` rows.
 */
function listParts(request: Request): Response {
  const search = new URL(request.url).searchParams;
  const fields: Record<string, string> = {};
  const q = (search.get('q') ?? '').trim().toLowerCase();
  if (q.length > 200) fields.q = 'q must be at most 200 characters';
  const sort = search.get('sort');
  if (sort !== null && !(sort in PART_SORTS)) fields.sort = 'Sort must be name, price-asc, price-desc or newest';
  const limitText = search.get('limit');
  const limit = limitText === null ? null : Number(limitText);
  if (limit !== null && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
    fields.limit = 'Limit must be a whole number from 1 to 100';
  }
  const cursor = search.get('cursor');
  const offset = cursor === null ? 0 : Number(cursor.replace(/^c/, ''));
  if (cursor !== null && !(Number.isInteger(offset) && offset >= 0)) fields.cursor = 'Cursor is not valid';
  if (Object.keys(fields).length > 0) return apiError(400, 'VALIDATION', 'Invalid query', fields);
  const vehicle = vehicleOfQuery(request);
  if (vehicle instanceof Response) return vehicle;

  // A number (own or cross-referenced) matched exactly ranks first and says which one it was.
  const withMatch = (vehicle ? partsFitting(state.parts, vehicle) : state.parts).map((p) => {
    const matchedBy = q ? matchedNumber(p, q) : undefined;
    return matchedBy ? { ...p, matchedBy } : p;
  });
  let parts = withMatch.filter(
    (p) =>
      (!q || p.matchedBy || `${p.name} ${p.des}`.toLowerCase().includes(q)) &&
      (search.get('inStock') !== 'true' || p.available >= p.minimunOrder),
  );
  if (sort) parts = [...parts].sort(PART_SORTS[sort]);
  else if (q) parts = [...parts].sort((a, b) => Number(!a.matchedBy) - Number(!b.matchedBy));
  if (limit === null) return HttpResponse.json(parts);

  const page = parts.slice(offset, offset + limit);
  const headers = new Headers({ 'X-Total-Count': String(parts.length) });
  if (offset + limit < parts.length) {
    const next = new URLSearchParams(search);
    next.set('cursor', `c${offset + limit}`);
    headers.set('Link', `</api/parts?${next}>; rel="next"`);
  }
  return HttpResponse.json(page, { headers });
}

const partHandlers = [
  http.get('/api/parts', ({ request }) => listParts(request)),

  http.delete('/api/part/:id', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const index = state.parts.findIndex((p) => p._id === params.id);
    if (index < 0) return apiError(404, 'NOT_FOUND', 'Part not found');
    state.writes.push(`DELETE /api/part/${String(params.id)}`);
    state.parts.splice(index, 1);
    return HttpResponse.json({ deleted: true, _id: params.id });
  }),
];

const orderHandlers = [
  http.post('/api/order', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, orderInput);
    if (body instanceof Response) return body;
    const part = state.parts.find((p) => p._id === body.partId);
    if (!part) return apiError(404, 'NOT_FOUND', 'Part not found');
    if (part.available <= 0) return apiError(409, 'STOCK_OUT', orderMessages.stockOut);
    if (body.quantity < part.minimunOrder) return apiError(409, 'BELOW_MINIMUM', orderMessages.belowMinimum);
    if (body.quantity > part.available) return apiError(409, 'ABOVE_AVAILABLE', orderMessages.aboveAvailable);
    state.writes.push('POST /api/order');
    part.available -= body.quantity;
    const placed: Omit<Order, 'lines'> = {
      _id: mockId(),
      partId: part._id,
      email: who.email,
      phone: body.phone,
      address: body.address,
      quantity: body.quantity,
      price: (body.quantity * previewUnitPrice(part, body.quantity).unitCents) / 100,
      unitPrice: previewUnitPrice(part, body.quantity).unitCents / 100,
      name: part.name,
      partNumber: part.partNumber,
      img: part.img,
      des: part.des,
      payment: false,
      paymentId: null,
      invoiceNumber: null,
      status: null,
      createdAt: now(),
      paidAt: null,
      shippedAt: null,
      payBy: null,
      expiredAt: null,
      refundedAt: null,
      shippingAddress: null,
      billingAddress: null,
      shipping: null,
      net: body.quantity * part.price,
      gross: body.quantity * part.price,
      tax: { lines: [], total: 0, note: null },
      creditNotes: [],
      paymentMethod: 'card',
      account: null,
    };
    const order: Order = { ...placed, lines: [oneLine(placed)] };
    state.orders.push(order);
    return HttpResponse.json(order, { status: 201 });
  }),

  http.get('/api/order', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    if (new URL(request.url).searchParams.get('email') !== who.email) {
      return apiError(403, 'FORBIDDEN', 'You can only list your own orders');
    }
    return HttpResponse.json(state.orders.filter((o) => o.email === who.email));
  }),

  http.get('/api/order/:id', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const order = findOrder(params.id, who);
    return order instanceof Response ? order : HttpResponse.json(order);
  }),

  http.delete('/api/order/:id', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const order = findOrder(params.id, who);
    if (order instanceof Response) return order;
    if (order.payment) return apiError(409, 'ORDER_PAID', 'A paid order cannot be cancelled');
    if (order.refundedAt) {
      return apiError(409, 'ORDER_REFUNDED', 'A refunded order cannot be deleted: it is the record of the refund');
    }
    state.writes.push(`DELETE /api/order/${order._id}`);
    state.orders = state.orders.filter((o) => o !== order);
    const part = state.parts.find((p) => p._id === order.partId);
    if (part) part.available += order.quantity;
    return HttpResponse.json(order);
  }),

  http.put('/api/order/:id', async ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, orderPayInput);
    if (body instanceof Response) return body;
    const order = findOrder(params.id, who);
    if (order instanceof Response) return order;
    if (order.payment) {
      if (order.paymentId !== body.paymentId)
        return apiError(409, 'ALREADY_PAID', 'This order has already been paid with another payment');
      state.writes.push(`PUT /api/order/${order._id}`);
      return HttpResponse.json(order);
    }
    const intent = state.intents.find((i) => i.id === body.paymentId && i.orderId === order._id);
    if (!intent || intent.status !== 'succeeded') {
      return apiError(
        409,
        'PAYMENT_NOT_CONFIRMED',
        'The payment provider has not confirmed this payment for this order',
      );
    }
    state.writes.push(`PUT /api/order/${order._id}`);
    markPaid(order, intent.id);
    return HttpResponse.json(order);
  }),

  http.get('/api/orders', ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(state.orders);
  }),

  http.put('/api/orders/:id', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, orderShipInput);
    if (body instanceof Response) return body;
    const order = findOrder(params.id, who);
    if (order instanceof Response) return order;
    if (!order.payment) return apiError(409, 'NOT_PAID', 'Only a paid order can be shipped');
    if (order.status) return apiError(409, 'ALREADY_SHIPPED', 'This order has already been shipped');
    state.writes.push(`PUT /api/orders/${order._id}`);
    Object.assign(order, { status: 'shipped', shippedAt: now() });
    return HttpResponse.json(order);
  }),
];

const paymentHandlers = [
  http.post('/api/create-payment-intent', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, paymentIntentInput);
    if (body instanceof Response) return body;
    const order = state.orders.find((o) => o._id === body.orderId);
    if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
    const refused = ownerOnly(order, who);
    if (refused) return refused;
    if (order.payment) return apiError(409, 'ORDER_PAID', 'This order is already paid');
    if (body.price !== undefined && Math.round(body.price * 100) !== Math.round(order.price * 100)) {
      return apiError(400, 'BAD_REQUEST', `The price does not match this order's total of $${order.price.toFixed(2)}`, {
        price: 'Does not match the order',
      });
    }
    let intent = state.intents.find((i) => i.orderId === order._id && i.status !== 'succeeded');
    if (!intent) {
      const id = `pi_mock_${state.intents.length + 1}`;
      intent = { id, clientSecret: `${id}_secret_x`, orderId: order._id, status: 'requires_payment_method' };
      state.intents.push(intent);
    }
    return HttpResponse.json({
      clientSecret: intent.clientSecret,
      amount: Math.round(order.price * 100),
      currency: 'usd',
    });
  }),

  http.post('/api/payments/sandbox/confirm', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, sandboxConfirmInput);
    if (body instanceof Response) return body;
    const intent = state.intents.find((i) => i.clientSecret === body.clientSecret);
    const order = intent && state.orders.find((o) => o._id === intent.orderId);
    if (!intent || !order) return apiError(404, 'NOT_FOUND', 'Payment not found');
    const refused = ownerOnly(order, who);
    if (refused) return refused;
    if (order.payment && order.paymentId !== intent.id)
      return apiError(409, 'ORDER_PAID', 'This order is already paid');
    state.writes.push('POST /api/payments/sandbox/confirm');
    // A replayed confirmation of a succeeded intent charges nothing again.
    if (intent.status !== 'succeeded') {
      const outcome = chargeOutcome(body.card);
      if (!outcome.ok) return apiError(402, outcome.code, outcome.message);
      intent.status = 'succeeded';
    }
    // Like the server: the confirmation marks the order paid (writing its payment record) and answers it.
    if (!order.payment) markPaid(order, intent.id);
    return HttpResponse.json({ id: intent.id, status: 'succeeded', order });
  }),

  http.post('/api/payment', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, paymentRecordInput);
    if (body instanceof Response) return body;
    const order = state.orders.find((o) => o.payment && o.paymentId === body.paymentId);
    if (!order) return apiError(404, 'NOT_FOUND', 'Payment not found');
    if (!sameEmail(order.email, who.email) && !who.admin)
      return apiError(403, 'FORBIDDEN', 'This belongs to another account');
    state.writes.push('POST /api/payment');
    const existing = state.payments.find((p) => p.paymentId === body.paymentId);
    if (existing) return HttpResponse.json(existing);
    return HttpResponse.json(paymentRecordOf(order), { status: 201 });
  }),
];

const reviewHandlers = [
  http.get('/api/review', () => HttpResponse.json(state.reviews)),

  http.post('/api/review', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, reviewInput);
    if (body instanceof Response) return body;
    state.writes.push('POST /api/review');
    const review = {
      _id: mockId(),
      name: who.name || who.email,
      comment: body.comment,
      rating: body.rating,
      createdAt: now(),
    };
    state.reviews.unshift(review);
    return HttpResponse.json(review, { status: 201 });
  }),
];

export const commerceHandlers = [...partHandlers, ...orderHandlers, ...paymentHandlers, ...reviewHandlers];
