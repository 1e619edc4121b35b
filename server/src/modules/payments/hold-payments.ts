import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '@torque/contract';
import { conflict } from '../../lib/errors.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import type { OrderHolds } from '../orders/order-statements.ts';
import type { OrdersRepository, StoredOrder } from '../orders/orders-repository.ts';
import type { PaymentProvider, ProviderIntent } from './payment-provider.ts';

export const orderExpired = () =>
  conflict('This order expired before it was paid, and its units went back to stock', 'ORDER_EXPIRED');
export const paymentRefunded = () =>
  conflict(
    'This order expired before the payment arrived and its units were sold meanwhile, so the payment has been refunded',
    'ORDER_EXPIRED',
  );

/** A payment can be started only while the order holds its stock: not expired, its pay-by time not passed. */
export function assertPayable(order: Pick<StoredOrder, 'paidAt' | 'expiredAt' | 'payBy'>, now = new Date()): void {
  if (order.paidAt) return;
  if (order.expiredAt || (order.payBy && order.payBy <= now)) throw orderExpired();
}

/** What the sweep did with one order whose hold ended while it had a payment intent. */
export type EndedHold = 'paid' | 'waiting' | 'expired' | 'unchanged';

/**
 * Where holds meet payments (ORDER_HOLD_MINUTES, docs/PRODUCT.md): before an order with an intent
 * expires, the provider is asked, so a card charged at the last second pays instead of being
 * lost; and a success that still arrives for an expired order takes its units again, or is
 * refunded. Never paid without stock, never charged without an order or a refund.
 */
export function createHoldPayments(deps: {
  holds: OrderHolds;
  orders: OrdersRepository;
  provider: PaymentProvider;
  /** payments-service's recordPayment: the one path that marks an order paid. */
  recordPayment: (intent: ProviderIntent) => Promise<unknown>;
  stockChanged: () => void;
  metrics: Metrics;
  log: FastifyBaseLogger;
}) {
  const { holds, orders, provider, stockChanged, metrics, log } = deps;

  async function refund(intent: ProviderIntent, orderId: string): Promise<void> {
    try {
      await provider.refund(intent.id, intent.amount);
    } catch (error) {
      // The order already says refunded; the provider's retry of this event (or the next
      // confirmation) refunds again with the same idempotency key.
      log.error({ err: error, intentId: intent.id, orderId }, 'refund of a payment for an expired order failed');
      throw error;
    }
  }

  return {
    /**
     * `intent` succeeded for `orderId`, which had expired: the units again if the part has them
     * (the order revives, paid), else a refund. A refund is claimed on the order first, so the
     * order cannot revive after it, and a revived order is never refunded.
     */
    async settleLatePayment(intent: ProviderIntent, orderId: string): Promise<Order | 'refunded' | 'paid-by-another'> {
      const revived = await holds.revive(orderId, intent.id);
      if (revived) {
        stockChanged();
        metrics.order('paid');
        log.info({ orderId, intentId: intent.id }, 'payment after expiry: stock taken again, order paid');
        return revived;
      }
      const claimed = await holds.claimRefund(orderId, intent.id);
      if (claimed) {
        await refund(intent, orderId);
        metrics.order('refunded');
        log.warn({ orderId, intentId: intent.id }, 'payment after expiry: stock gone, payment refunded');
        return 'refunded';
      }
      // Someone else settled it meanwhile: revived (paid) or refunded.
      const now = await orders.get(orderId);
      if (now?.paidAt) return now.paymentId === intent.id ? (JSON.parse(now.json) as Order) : 'paid-by-another';
      // Refunded already (a replayed event): the refund is idempotent per intent, so repeating it is safe.
      await refund(intent, orderId);
      return 'refunded';
    },

    /**
     * The hold of `orderId` ended while it has intent `intentId`: ask the provider first. Succeeded
     * → paid through recordPayment; processing → left for the next sweep; otherwise the intent is
     * cancelled (so it can no longer be charged) and the order expires.
     */
    async settleEndedHold(orderId: string, intentId: string): Promise<EndedHold> {
      let intent = await provider.retrieveIntent(intentId);
      if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled' && intent.status !== 'processing') {
        intent = await provider.cancelIntent(intentId);
      }
      if (intent?.status === 'succeeded') {
        await deps.recordPayment(intent);
        return 'paid';
      }
      if (intent && intent.status !== 'canceled') return 'waiting';
      return (await holds.expireOne(orderId, intentId)) ? 'expired' : 'unchanged';
    },
  };
}
export type HoldPayments = ReturnType<typeof createHoldPayments>;
