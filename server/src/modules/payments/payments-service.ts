import type { FastifyBaseLogger } from 'fastify';
import type { Order, PaymentIntent, PaymentRecord } from '@torque/contract';
import { AppError, badRequest, conflict, notFound, providerFailed } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { assertOwner, type Caller } from '../../plugins/access.ts';
import type { OrderPayments } from '../orders/order-payments.ts';
import { assertPayable, orderExpired, stateOf, type OrderState } from '../orders/order-states.ts';
import type { OrdersService, StoredOrder } from '../orders/orders-service.ts';
import { CURRENCY, intentPaysFor, type PaymentProvider, type ProviderIntent } from './payment-provider.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { SandboxCard } from './sandbox-cards.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notConfirmed = () =>
  conflict('The payment provider has not confirmed this payment for this order', 'PAYMENT_NOT_CONFIRMED');
const alreadyPaid = () => conflict('This order has already been paid with another payment', 'ALREADY_PAID');
const paymentRefunded = () =>
  conflict(
    'This order expired before the payment arrived and its units were sold meanwhile, so the payment has been refunded',
    'ORDER_EXPIRED',
  );

/** Why the shop cannot refund an order in a state (issue 29's `POST /api/order/:id/refund`). */
const REFUND_REFUSALS: Partial<Record<OrderState, () => Error>> = {
  placed: () => conflict('This order is not paid, so there is nothing to refund', 'NOT_PAID'),
  expired: () => conflict('This order is not paid, so there is nothing to refund', 'NOT_PAID'),
  shipped: () => conflict('This order has shipped; a shipped order is not refunded in full here', 'ALREADY_SHIPPED'),
};
const refundedOtherwise = () =>
  conflict(
    'This order was never paid: the payment that came after it expired was refunded when it arrived',
    'ORDER_REFUNDED',
  );

/** Why recording a payment changed nothing, besides a replay (which answers the paid order). */
export type PaymentRefusal = 'no-order' | 'mismatch' | 'paid-by-another' | 'refunded';

/**
 * The money path's rules, whatever the provider: intents are created for the order's own total,
 * and an order is paid only once the provider confirms that the intent succeeded for this order,
 * amount and currency (PRODUCT.md §11). Every way a payment is confirmed (the sandbox's card form,
 * `PUT /api/order/:id`, the provider's webhook, the hold sweep) ends in `recordPayment`, which
 * hands the answer to the order machine (`orders.paymentSucceeded`) and gives the money back when
 * the order says it is due back. Orders' state is the orders module's; this one keeps the
 * provider's I/O.
 */
export function createPaymentsService(deps: {
  orders: { service: Pick<OrdersService, 'orderFor'>; payments: OrderPayments };
  repository: PaymentsRepository;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}) {
  const { provider, log, repository } = deps;
  const { service: ordersService, payments: orders } = deps.orders;

  async function refund(intent: ProviderIntent, orderId: string): Promise<void> {
    try {
      await provider.refund(intent.id, intent.amount);
      log.warn({ orderId, intentId: intent.id }, 'payment for an order that will not be paid by it: refunded');
    } catch (error) {
      // The order already says refunded; the provider's retry of this event (or the next
      // confirmation) refunds again with the same idempotency key.
      log.error(
        { err: error, intentId: intent.id, orderId },
        'refund of a payment for an order it will not pay failed',
      );
      throw error;
    }
  }

  /**
   * The one function that records a payment: the intent must pay for its order, and the first
   * confirmation pays the order; later ones are replays. `known` is the order when the caller has
   * just read it (its id and total never change), so it is not read again.
   */
  async function recordPayment(intent: ProviderIntent, known?: StoredOrder): Promise<Order | PaymentRefusal> {
    const order = known ?? (intent.orderId && UUID.test(intent.orderId) ? await orders.get(intent.orderId) : undefined);
    if (!order) return 'no-order';
    if (!intentPaysFor(intent, order)) return 'mismatch';
    const outcome = await orders.paymentSucceeded(order.id, intent.id);
    if (outcome.kind === 'paid' || outcome.kind === 'replay') return outcome.order;
    if (outcome.kind === 'refund-due') {
      await refund(intent, order.id);
      return 'refunded';
    }
    return outcome.kind;
  }

  async function openIntentOf(order: StoredOrder): Promise<ProviderIntent | null> {
    if (!order.paymentIntentId) return null;
    const intent = await provider.retrieveIntent(order.paymentIntentId);
    return intent && intent.status !== 'canceled' && intent.amount === order.totalCents ? intent : null;
  }

  /** A refusal from a path where the caller asked for this payment: told as an error. */
  function paidOrThrow(result: Order | PaymentRefusal): Order {
    if (result === 'paid-by-another') throw alreadyPaid();
    if (result === 'no-order') throw notFound('Order');
    if (result === 'mismatch') throw notConfirmed();
    if (result === 'refunded') throw paymentRefunded();
    return result;
  }

  /**
   * The shop refunds a paid, unshipped order in full (issue 29). The order is marked refunded
   * first, in one guarded statement that also gives its units back and issues its credit note
   * (so it can no longer ship, and concurrent calls change it once); then the provider gives the
   * money back, once per payment (its refunds are idempotent per intent). A repeated call finds
   * the order refunded, asks the provider again (which answers the same refund) and answers the
   * same order: if the provider failed the first time, repeating the call completes the refund.
   */
  async function refundOrder(orderId: string): Promise<string> {
    const order = await orders.get(orderId);
    if (!order) throw notFound('Order');
    let state = stateOf(order);
    if (state === 'refunded' && !order.paidAt) throw refundedOtherwise();
    if (state === 'paid') {
      const result = await orders.refundPaid(order.id);
      if (result.kind === 'missing') throw notFound('Order');
      if (result.kind === 'refused') state = result.state;
    }
    const refusal = REFUND_REFUSALS[state];
    if (refusal) throw refusal();
    try {
      await provider.refund(order.paymentId!, order.totalCents);
    } catch (error) {
      log.error(
        { err: error, orderId, paymentId: order.paymentId },
        'the refund of a refunded order failed at the provider',
      );
      if (error instanceof AppError && error.statusCode === 409) throw conflict(error.message, error.code);
      throw providerFailed(
        'The order is refunded and its credit note issued, but the payment provider did not confirm the refund: repeat the call to retry',
        'REFUND_NOT_CONFIRMED',
        error,
      );
    }
    log.info({ orderId, paymentId: order.paymentId }, 'order refunded by the shop');
    return (await orders.get(orderId))!.json;
  }

  return {
    recordPayment,
    refundOrder,

    /** An intent for the caller's own unpaid order, at the order's total (the same open one each time). */
    async intentFor(caller: Caller, orderId: string, claimedPrice?: number): Promise<PaymentIntent> {
      const order = await ordersService.orderFor(caller, orderId, 'owner-only');
      if (order.paidAt) throw conflict('This order is already paid', 'ORDER_PAID');
      assertPayable(order);
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
      const order = await ordersService.orderFor(caller, orderId, 'admin-allowed');
      if (order.paidAt) {
        // A replay answers from what is stored, without asking the provider again.
        if (order.paymentId === paymentId) return JSON.parse(order.json) as Order;
        throw alreadyPaid();
      }
      const intent = await provider.retrieveIntent(paymentId);
      // An expired order is paid only by a payment that already succeeded (it revives or is refunded).
      if (order.expiredAt && (intent?.status !== 'succeeded' || intent.orderId !== order.id)) throw orderExpired();
      if (!intent || intent.orderId !== order.id) throw notConfirmed();
      return paidOrThrow(await recordPayment(intent, order));
    },

    /**
     * Charges a card from the store's own checkout form (the sandbox provider) for the caller's
     * order, and records the payment: the answer carries the paid order, so nothing is left for
     * the browser to replay.
     */
    async payWithCard(
      caller: Caller,
      input: { clientSecret: string; card: SandboxCard },
    ): Promise<{ id: string; order: Order }> {
      if (!provider.confirmCard) {
        throw notFound(`Card confirmation is done by ${provider.name}'s own script here, so this call`);
      }
      const intent = await provider.intentByClientSecret(input.clientSecret);
      const order = intent?.orderId ? await ordersService.orderFor(caller, intent.orderId, 'owner-only') : undefined;
      if (!intent || !order) throw notFound('Payment');
      if (order.paidAt && order.paymentId !== intent.id) throw conflict('This order is already paid', 'ORDER_PAID');
      // No charge once the hold has ended: the card is never touched.
      assertPayable(order);
      const confirmation = await provider.confirmCard(input.clientSecret, input.card);
      if (confirmation.kind === 'not-found') throw notFound('Payment');
      if (confirmation.kind === 'declined') throw new AppError(402, confirmation.code, confirmation.message);
      return { id: confirmation.intent.id, order: paidOrThrow(await recordPayment(confirmation.intent, order)) };
    },

    /**
     * A webhook delivery from `source`. Anything signed is acknowledged (the provider retries
     * anything else); a payment that cannot be recorded is logged for a person to look at.
     */
    async receiveWebhook(source: string, rawBody: Buffer, signature: string | undefined): Promise<void> {
      const event = provider.name === source ? provider.parseWebhook(rawBody, signature) : null;
      if (!event) throw notFound(`Webhooks from ${source} are not enabled here, so this endpoint`);
      if (event.type === 'payment.failed') {
        log.info({ intentId: event.intentId, orderId: event.orderId, code: event.code }, 'card payment failed');
      } else if (event.type === 'payment.succeeded') {
        const result = await recordPayment(event.intent);
        if (typeof result === 'string') {
          // 'no-order': the customer cancelled while paying, and the money needs a refund.
          // ('refunded' is done: the order had expired and its stock was gone.)
          log.warn({ intentId: event.intent.id, orderId: event.intent.orderId, result }, 'payment not recorded');
        }
      }
    },

    /** The payment record of PRODUCT.md §3 for the order a payment paid; a replay returns the same record. */
    async record(caller: Caller, paymentId: string): Promise<{ record: PaymentRecord; created: boolean }> {
      const paid = await orders.byPaymentId(paymentId);
      // A payment that came too late was refunded (the order names it but was never paid by it).
      if (!paid?.paidAt) throw notFound('Payment');
      assertOwner(caller, paid.email, 'admin-allowed');
      const stored = await repository.recordOf({ ...paid, paymentId });
      if (!stored) throw notFound('Payment');
      const { record, created } = stored;
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
