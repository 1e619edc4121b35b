import {
  orderInput,
  orderMessages,
  orderPayInput,
  orderShipInput,
  partInput,
  paymentIntentInput,
  paymentRecordInput,
  reviewInput,
  sandboxConfirmInput,
  type Order,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { adminCaller, apiError, caller, mockId, parseBody, state, type MockUser } from './mock-state.ts';

/**
 * The catalogue, orders and payments as the server answers them (status codes, error codes,
 * the sandbox's test cards), kept in `state`.
 */
const now = () => new Date().toISOString();

/** Stripe's test cards, as the sandbox provider knows them. */
const CARD_OUTCOMES: Record<string, { code: string; message: string } | null> = {
  '4242424242424242': null,
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

function findOrder(id: unknown, who: MockUser): Order | Response {
  const order = state.orders.find((o) => o._id === id);
  if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
  if (order.email !== who.email && !who.admin) return apiError(403, 'FORBIDDEN', 'You are not allowed to do that');
  return order;
}

const partHandlers = [
  http.get('/api/parts', () => HttpResponse.json(state.parts)),

  http.get('/api/parts/:id', ({ params }) => {
    const part = state.parts.find((p) => p._id === params.id);
    return part ? HttpResponse.json(part) : apiError(404, 'NOT_FOUND', 'Part not found');
  }),

  http.post('/api/parts', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, partInput);
    if (body instanceof Response) return body;
    state.writes.push('POST /api/parts');
    const part = { _id: mockId(), ...body, createdAt: now(), updatedAt: now() };
    state.parts.push(part);
    return HttpResponse.json(part, { status: 201 });
  }),

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
    const order: Order = {
      _id: mockId(),
      partId: part._id,
      email: who.email,
      phone: body.phone,
      address: body.address,
      quantity: body.quantity,
      price: body.quantity * part.price,
      unitPrice: part.price,
      name: part.name,
      img: part.img,
      des: part.des,
      payment: false,
      paymentId: null,
      status: null,
      createdAt: now(),
      paidAt: null,
      shippedAt: null,
      payBy: null,
      expiredAt: null,
      refundedAt: null,
    };
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
    const intent = state.intents.find((i) => i.id === body.paymentId && i.orderId === order._id);
    if (!intent || intent.status !== 'succeeded') {
      return apiError(409, 'PAYMENT_NOT_CONFIRMED', 'The payment provider has not confirmed this payment');
    }
    state.writes.push(`PUT /api/order/${order._id}`);
    Object.assign(order, { payment: true, paymentId: intent.id, paidAt: order.paidAt ?? now() });
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

/** PRODUCT.md §3's payment record, as the server writes it when it marks an order paid. */
const paymentRecordOf = (order: Order, paymentId: string) => ({
  _id: mockId(),
  paymentId,
  orderId: order._id,
  price: order.price,
  quantity: order.quantity,
  email: order.email,
  name: order.name,
  createdAt: now(),
});

const paymentHandlers = [
  http.post('/api/create-payment-intent', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, paymentIntentInput);
    if (body instanceof Response) return body;
    const order = findOrder(body.orderId, who);
    if (order instanceof Response) return order;
    if (order.payment) return apiError(409, 'ORDER_PAID', 'This order is already paid');
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
    if (!intent) return apiError(404, 'NOT_FOUND', 'Payment not found');
    state.writes.push('POST /api/payments/sandbox/confirm');
    const outcome = CARD_OUTCOMES[body.card.number.replace(/[\s-]/g, '')];
    if (outcome === undefined) return apiError(402, 'incorrect_number', 'Your card number is incorrect.');
    if (outcome) return apiError(402, outcome.code, outcome.message);
    intent.status = 'succeeded';
    const order = state.orders.find((o) => o._id === intent.orderId);
    if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
    // Like the server: the confirmation marks the order paid and writes its payment record.
    if (!order.payment) {
      Object.assign(order, { payment: true, paymentId: intent.id, paidAt: now() });
      state.payments.push(paymentRecordOf(order, intent.id));
    }
    return HttpResponse.json({ id: intent.id, status: 'succeeded', order });
  }),

  http.post('/api/payment', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, paymentRecordInput);
    if (body instanceof Response) return body;
    const existing = state.payments.find((p) => p.paymentId === body.paymentId);
    if (existing) return HttpResponse.json(existing);
    const order = state.orders.find((o) => o.paymentId === body.paymentId && o.email === who.email);
    if (!order) return apiError(409, 'PAYMENT_NOT_CONFIRMED', 'No paid order has this payment');
    state.writes.push('POST /api/payment');
    const record = paymentRecordOf(order, body.paymentId);
    state.payments.push(record);
    return HttpResponse.json(record, { status: 201 });
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
