import { recordPaymentInput, utcDay, type CheckoutInput, type CompanyCredit, type Order } from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { apiError, caller, state } from './mock-state.ts';

/**
 * Pay on account (issue 30, PRODUCT.md §26) as the server answers it: `GET /api/company/credit`,
 * `POST /api/order/:id/record-payment`, and checkout's on-account part (`accountTermsFor`, which
 * mock-cart.ts asks). Terms are granted per member e-mail with `grantTerms`.
 */
export function grantTerms(email: string, netDays: number, creditLimit: number): void {
  state.companyTerms.set(email, { netDays, creditLimit });
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The company's open balance: its members' on-account orders not yet recorded paid (members share terms by e-mail here). */
function openBalanceOf(email: string): number {
  const terms = state.companyTerms.get(email);
  const members = [...state.companyTerms.entries()].filter(([, t]) => t === terms).map(([e]) => e);
  return (
    state.orders
      .filter((o) => members.includes(o.email) && o.account && !o.account.paymentRecordedAt && !o.refundedAt)
      .reduce((sum, o) => sum + cents(o.gross), 0) / 100
  );
}

let invoices = 0;

/**
 * Checkout on account: nothing for a card checkout; the 403 or 409 the server answers; or the
 * order's on-account fields.
 */
export function accountTermsFor(
  email: string,
  body: CheckoutInput,
  total: number,
): Response | Partial<Order> | undefined {
  if (body.paymentMethod !== 'account') return undefined;
  const terms = state.companyTerms.get(email);
  if (!terms)
    return apiError(
      403,
      'NO_PAYMENT_TERMS',
      'Paying on account needs a company with payment terms: pay by card, or ask the shop for terms',
    );
  const open = openBalanceOf(email);
  if (cents(open) + cents(total) > cents(terms.creditLimit))
    return HttpResponse.json(
      {
        error: {
          code: 'CREDIT_LIMIT',
          message: `This order ($${total.toFixed(2)}) is more than your company's available credit ($${Math.max(0, terms.creditLimit - open).toFixed(2)} of $${terms.creditLimit.toFixed(2)}). Pay by card, or ask the shop to raise the limit.`,
        },
        creditLimit: terms.creditLimit,
        openBalance: open,
        orderTotal: total,
      },
      { status: 409 },
    );
  const dueOn = utcDay(new Date(Date.now() + terms.netDays * 86_400_000));
  return {
    paymentMethod: 'account',
    invoiceNumber: `INV-2026-${String(++invoices).padStart(6, '0')}`,
    account: {
      poNumber: typeof body.poNumber === 'string' && body.poNumber.trim() ? body.poNumber.trim() : null,
      netDays: terms.netDays,
      dueOn,
      paymentRecordedAt: null,
      paymentReference: null,
      paidOn: null,
      remindersSent: 0,
    },
  };
}

export const accountHandlers = [
  http.get('/api/company/credit', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const terms = state.companyTerms.get(who.email);
    if (!terms) return apiError(404, 'NOT_FOUND', 'Payment terms not found');
    const openBalance = openBalanceOf(who.email);
    const credit: CompanyCredit = {
      netDays: terms.netDays,
      creditLimit: terms.creditLimit,
      openBalance,
      available: Math.max(0, cents(terms.creditLimit) - cents(openBalance)) / 100,
    };
    return HttpResponse.json(credit);
  }),

  http.post('/api/order/:id/record-payment', async ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    if (!who.admin) return apiError(403, 'FORBIDDEN', 'You are not allowed to do this');
    const body = recordPaymentInput.safeParse(await request.json().catch(() => ({})));
    if (!body.success) return apiError(400, 'VALIDATION_FAILED', body.error.issues[0]?.message ?? 'Invalid input');
    const order = state.orders.find((o) => o._id === params.id);
    if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
    if (!order.account)
      return apiError(
        409,
        'NOT_ON_ACCOUNT',
        'This order is paid by card: only an order on account has its payment recorded',
      );
    if (order.account.paymentRecordedAt) return apiError(409, 'ORDER_PAID', 'This order is already paid');
    const now = new Date().toISOString();
    state.writes.push('POST /api/order/:id/record-payment');
    order.payment = true;
    order.paidAt = now;
    order.paymentId = `account-${order._id}`;
    order.account = {
      ...order.account,
      paymentRecordedAt: now,
      paymentReference: body.data.reference ?? null,
      paidOn: body.data.paidOn ?? utcDay(),
    };
    return HttpResponse.json(order);
  }),
];
