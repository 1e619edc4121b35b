import type { FastifyBaseLogger } from 'fastify';
import type { Order, PaymentIntent } from '@torque/contract';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { Caller } from '../../plugins/access.ts';
import { assertOwnerOrAdmin } from '../../plugins/access.ts';
import { toOrder, type OrderRow, type OrdersRepository } from '../orders/orders-repository.ts';
import { CURRENCY, intentPaysFor, type PaymentProvider, type ProviderIntent } from './payment-provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notConfirmed = () =>
  conflict('The payment provider has not confirmed this payment for this order', 'PAYMENT_NOT_CONFIRMED');

/** Only the customer who placed an order pays for it (an admin has no card to pay with). */
export function assertOrderOwner(caller: Caller, order: OrderRow): void {
  if (caller.email.toLowerCase() !== order.email.toLowerCase())
    throw forbidden('This order belongs to another account');
}

/**
 * The money path's rules, whatever the provider: intents are created for the order's own total,
 * and an order is marked paid only once the provider confirms that intent succeeded for this
 * order, amount and currency (PRODUCT.md §11). Every confirmation path ends in markPaid, which
 * lets the first one win and makes the others replays.
 */
export function createPaymentsService(deps: {
  orders: OrdersRepository;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}) {
  const { orders, provider, log } = deps;

  async function ownOrder(caller: Caller, orderId: string): Promise<OrderRow> {
    const order = await orders.get(orderId);
    if (!order) throw notFound('Order');
    assertOrderOwner(caller, order);
    return order;
  }

  async function openIntentOf(order: OrderRow): Promise<ProviderIntent | null> {
    if (!order.paymentIntentId) return null;
    const intent = await provider.retrieveIntent(order.paymentIntentId);
    return intent && intent.status !== 'canceled' && intent.amount === order.totalCents ? intent : null;
  }

  return {
    async intentFor(caller: Caller, orderId: string, claimedPrice?: number): Promise<PaymentIntent> {
      const order = await ownOrder(caller, orderId);
      if (order.paidAt) throw conflict('This order is already paid', 'ORDER_PAID');
      if (claimedPrice !== undefined && toCents(claimedPrice) !== order.totalCents) {
        throw badRequest(`The price does not match this order's total of $${toDollars(order.totalCents).toFixed(2)}`, {
          price: 'Does not match the order',
        });
      }
      let intent =
        (await openIntentOf(order)) ??
        (await provider.createIntent({
          orderId: order.id,
          amountCents: order.totalCents,
          currency: CURRENCY,
          email: order.email,
        }));
      const attached = await orders.attachPaymentIntent(order.id, intent.id);
      // Two tabs asked at once: both get the intent that was attached first.
      if (attached !== intent.id) intent = (await provider.retrieveIntent(attached)) ?? intent;
      return { clientSecret: intent.clientSecret, amount: intent.amount, currency: intent.currency };
    },

    /** PRODUCT.md §7's `PUT /order/:id {payment, paymentId}`: believed only after asking the provider. */
    async confirmPaid(caller: Caller, orderId: string, paymentId: string): Promise<Order> {
      const order = await orders.get(orderId);
      if (!order) throw notFound('Order');
      assertOwnerOrAdmin(caller, order.email);
      if (order.paidAt) {
        if (order.paymentId === paymentId) return toOrder(order);
        throw conflict('This order has already been paid with another payment', 'ALREADY_PAID');
      }
      const intent = await provider.retrieveIntent(paymentId);
      if (!intent || !intentPaysFor(intent, order)) throw notConfirmed();
      return orders.markPaid(order.id, intent.id);
    },

    /** The provider says an intent succeeded (webhook, sandbox confirm): pay its order once. */
    async intentSucceeded(intent: ProviderIntent): Promise<Order | null> {
      const order = intent.orderId && UUID.test(intent.orderId) ? await orders.get(intent.orderId) : undefined;
      if (!order) {
        // The customer cancelled while paying: the money needs a refund by hand.
        log.warn(
          { intentId: intent.id, orderId: intent.orderId },
          'payment succeeded for an order that no longer exists',
        );
        return null;
      }
      if (!intentPaysFor(intent, order)) {
        log.warn(
          { intentId: intent.id, orderId: order.id, amount: intent.amount },
          'succeeded intent does not match its order',
        );
        return null;
      }
      try {
        return await orders.markPaid(order.id, intent.id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'ALREADY_PAID') {
          log.warn({ intentId: intent.id, orderId: order.id }, 'order was already paid by another intent');
          return null;
        }
        throw error;
      }
    },

    /** the payment record of PRODUCT.md §3, for the order this payment paid; a replay returns the same record. */
    async record(caller: Caller, paymentId: string) {
      const order = await orders.byPaymentId(paymentId);
      if (!order) throw notFound('Payment');
      assertOwnerOrAdmin(caller, order.email);
      const { record, created } = await orders.paymentRecord(order);
      return {
        created,
        record: {
          _id: record.id,
          paymentId: record.paymentId,
          orderId: record.orderId,
          price: toDollars(record.amountCents),
          quantity: record.quantity,
          email: record.email,
          name: record.name,
          createdAt: record.createdAt.toISOString(),
        },
      };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
