import { card, type Fixtures } from './fixtures.ts';

export type Caller = 'anonymous' | 'customer' | 'admin' | 'session';

/**
 * One sqlmap run: a route and where its parameters are. A `*` in the path marks a path
 * parameter (sqlmap's custom injection point); a query string and a JSON body are found and
 * tested value by value. The values are real ones, so the baseline request succeeds.
 */
export interface Target {
  route: string;
  where: 'path' | 'query' | 'body' | 'query, body' | 'cookie';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  as: Caller;
  /** Test only these parameters (sqlmap's `-p`). */
  only?: string[];
  /** Answers sqlmap would take for a dead end, which are this route's normal refusal (a wrong password's 401). */
  expectedCodes?: number[];
}

const enc = encodeURIComponent;

/**
 * Every API route that takes a parameter (PRODUCT.md §7 and the payment routes). Left out: routes
 * with none (`GET /api/parts`, `/api/orders`, `/api/review`, `/api/all-user`, `/api/config`,
 * `/api/health`), Google's redirect, and the Stripe webhook (404 unless PAYMENT_PROVIDER=stripe;
 * its body is read only after the signature is verified).
 */
export function targets(f: Fixtures): Target[] {
  const customer = f.customer.email;
  const profile = {
    name: 'Probe Person',
    address: '1 Probe Road',
    phone: '+1 555 0100',
    linkedin: 'https://www.linkedin.com/in/probe',
  };
  const part = {
    name: 'Probe bearing',
    des: 'A part for the injection scan.',
    img: '/images/parts/probe.svg',
    minimunOrder: 1,
    available: 5,
    price: 9.5,
  };
  return [
    {
      route: 'POST /api/auth/sign-up/email',
      where: 'body',
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: { name: 'Probe', email: 'probe-signup@sqlmap.test', password: 'sqlmap-password-7' },
      as: 'anonymous',
    },
    {
      route: 'POST /api/auth/sign-in/email',
      where: 'body',
      method: 'POST',
      path: '/api/auth/sign-in/email',
      body: { email: customer, password: 'sqlmap-password-7' },
      as: 'anonymous',
      expectedCodes: [401],
    },
    {
      route: 'PUT /api/user/:email',
      where: 'path',
      method: 'PUT',
      path: `/api/user/${enc(customer)}*`,
      body: { email: customer },
      as: 'session',
    },
    // sqlmap takes the session cookie for an anti-CSRF token and skips it unless told to test it.
    {
      route: 'PUT /api/user/:email (cookie)',
      where: 'cookie',
      method: 'PUT',
      path: `/api/user/${enc(customer)}`,
      body: { email: customer },
      as: 'session',
      only: ['better-auth.session_token'],
      expectedCodes: [401],
    },
    {
      route: 'GET /api/user?email=',
      where: 'query',
      method: 'GET',
      path: `/api/user?email=${enc(customer)}`,
      as: 'customer',
    },
    {
      route: 'PUT /api/user-update?email=',
      where: 'query, body',
      method: 'PUT',
      path: `/api/user-update?email=${enc(customer)}`,
      body: profile,
      as: 'customer',
    },
    {
      route: 'GET /api/admin/:email',
      where: 'path',
      method: 'GET',
      path: `/api/admin/${enc(customer)}*`,
      as: 'customer',
    },
    {
      route: 'PUT /api/user/admin/:email',
      where: 'path',
      method: 'PUT',
      path: `/api/user/admin/${enc(f.bystander.email)}*`,
      as: 'admin',
    },
    {
      route: 'DELETE /api/user/:id',
      where: 'path',
      method: 'DELETE',
      path: `/api/user/${f.missingId}*`,
      as: 'admin',
      expectedCodes: [404],
    },
    { route: 'GET /api/parts/:id', where: 'path', method: 'GET', path: `/api/parts/${f.partId}*`, as: 'anonymous' },
    { route: 'POST /api/parts', where: 'body', method: 'POST', path: '/api/parts', body: part, as: 'admin' },
    {
      route: 'PUT /api/parts/:id',
      where: 'path',
      method: 'PUT',
      path: `/api/parts/${f.partId}*`,
      body: { price: 12.5 },
      as: 'admin',
    },
    {
      route: 'PUT /api/parts/:id (body)',
      where: 'body',
      method: 'PUT',
      path: `/api/parts/${f.partId}`,
      body: { ...part, available: 1_000_000 },
      as: 'admin',
    },
    {
      route: 'DELETE /api/part/:id',
      where: 'path',
      method: 'DELETE',
      path: `/api/part/${f.missingId}*`,
      as: 'admin',
      expectedCodes: [404],
    },
    {
      route: 'POST /api/review',
      where: 'body',
      method: 'POST',
      path: '/api/review',
      body: { comment: 'Solid part.', rating: 5 },
      as: 'customer',
    },
    {
      route: 'POST /api/contact',
      where: 'body',
      method: 'POST',
      path: '/api/contact',
      body: { email: customer, subject: 'Hello', message: 'Do you ship brake pads?' },
      as: 'anonymous',
    },
    {
      route: 'GET /api/order?email=',
      where: 'query',
      method: 'GET',
      path: `/api/order?email=${enc(customer)}`,
      as: 'customer',
    },
    { route: 'GET /api/order/:id', where: 'path', method: 'GET', path: `/api/order/${f.orderId}*`, as: 'customer' },
    {
      route: 'PUT /api/order/:id',
      where: 'path',
      method: 'PUT',
      path: `/api/order/${f.unpaidOrderId}*`,
      body: { payment: true, paymentId: f.unpaidPaymentId },
      as: 'customer',
    },
    {
      route: 'PUT /api/order/:id (body)',
      where: 'body',
      method: 'PUT',
      path: `/api/order/${f.unpaidOrderId}`,
      body: { payment: true, paymentId: f.unpaidPaymentId },
      as: 'customer',
    },
    {
      route: 'DELETE /api/order/:id',
      where: 'path',
      method: 'DELETE',
      path: `/api/order/${f.missingId}*`,
      as: 'customer',
      expectedCodes: [404],
    },
    // After the reads: sqlmap's valid variants place thousands of orders, which would slow every list.
    {
      route: 'POST /api/order',
      where: 'body',
      method: 'POST',
      path: '/api/order',
      body: { partId: f.partId, quantity: 1, phone: '+1 555 0100', address: '1 Probe Road' },
      as: 'customer',
    },
    {
      route: 'PUT /api/orders/:id',
      where: 'path',
      method: 'PUT',
      path: `/api/orders/${f.paidOrderId}*`,
      body: { status: 'shipped' },
      as: 'admin',
    },
    {
      route: 'PUT /api/orders/:id (body)',
      where: 'body',
      method: 'PUT',
      path: `/api/orders/${f.paidOrderId}`,
      body: { status: 'shipped' },
      as: 'admin',
    },
    {
      route: 'POST /api/create-payment-intent',
      where: 'body',
      method: 'POST',
      path: '/api/create-payment-intent',
      body: { orderId: f.intentOrderId },
      as: 'customer',
    },
    {
      route: 'POST /api/payments/sandbox/confirm',
      where: 'body',
      method: 'POST',
      path: '/api/payments/sandbox/confirm',
      body: { clientSecret: f.confirmClientSecret, card, billingEmail: customer },
      as: 'customer',
    },
    {
      route: 'POST /api/payment',
      where: 'body',
      method: 'POST',
      path: '/api/payment',
      body: { paymentId: f.paidPaymentId },
      as: 'customer',
    },
  ];
}
