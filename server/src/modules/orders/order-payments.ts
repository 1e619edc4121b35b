import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '@torque/contract';
import type { OrderMachine, TransitionResult } from './order-machine.ts';
import type { OrdersRepository, StoredOrder } from './orders-repository.ts';

/** What a succeeded payment did to its order. */
export type PaymentOutcome =
  /** This payment paid it now (within its hold, or after it by taking the units again). */
  | { kind: 'paid'; order: Order }
  /** This payment had paid it already. */
  | { kind: 'replay'; order: Order }
  | { kind: 'paid-by-another'; order: Order }
  /** The order will never be paid by it (expired with its units gone, or refunded): give the money back. */
  | { kind: 'refund-due' }
  | { kind: 'no-order' };

/** How many transitions a payment may try before it settles (pay, revive, refund, and one for a race). */
const MAX_STEPS = 4;

const isTransition = (step: PaymentOutcome | TransitionResult): step is TransitionResult =>
  step.kind === 'changed' || step.kind === 'refused' || step.kind === 'missing';

/**
 * Where orders meet payments, from the orders' side: what the payments module may read and ask
 * (payments keeps the provider's I/O and turns its answers into these calls). Orders never import
 * payments.
 */
export function createOrderPayments(deps: {
  repository: OrdersRepository;
  machine: OrderMachine;
  log: FastifyBaseLogger;
}) {
  const { repository, machine, log } = deps;
  const parse = (json: string) => JSON.parse(json) as Order;

  /** The next step for a payment whose order answered `result`: an outcome, or the next transition's result. */
  async function next(
    result: TransitionResult,
    orderId: string,
    paymentId: string,
  ): Promise<PaymentOutcome | TransitionResult> {
    if (result.kind === 'missing') return { kind: 'no-order' };
    if (result.kind === 'changed') {
      if (result.event.type === 'refunded') return { kind: 'refund-due' };
      if (result.event.from === 'expired')
        log.info({ orderId, paymentId }, 'payment after expiry: stock taken again, order paid');
      return { kind: 'paid', order: parse(result.event.json) };
    }
    switch (result.state) {
      case 'placed':
        return machine.pay(orderId, paymentId);
      case 'expired': {
        const revived = await machine.revive(orderId, paymentId);
        if (revived.kind !== 'refused' || revived.state !== 'expired') return revived;
        // Still expired: the part no longer has the units. Claiming the refund first means the
        // order can never revive afterwards, so it is refunded or revived, never both.
        log.warn({ orderId, paymentId }, 'payment after expiry: stock gone, payment to be refunded');
        return machine.refundLate(orderId, paymentId);
      }
      case 'paid':
      case 'shipped': {
        const order = parse(result.json);
        return result.paymentId === paymentId ? { kind: 'replay', order } : { kind: 'paid-by-another', order };
      }
      case 'refunded':
        // A replay of a refunded payment, or another payment for a dead order: refunding is idempotent per payment.
        return { kind: 'refund-due' };
    }
  }

  return {
    /** The order by id, for a payment that names it (no owner check: the provider vouches for the intent). */
    get: (id: string): Promise<StoredOrder | undefined> => repository.get(id),

    /** The order a payment paid. */
    byPaymentId: (paymentId: string): Promise<StoredOrder | undefined> => repository.byPaymentId(paymentId),

    /**
     * The shop refunds a paid, unshipped order in full (issue 29): paid → refunded, its units back,
     * in one guarded statement (the invoices module's writer issues the credit note in it). However
     * many calls race, one changes the order and the others find it refunded.
     */
    refundPaid: (id: string): Promise<TransitionResult> => machine.refund(id),

    /** Remembers the provider's intent for the order, unless another request got there first (answers the one kept). */
    attachPaymentIntent: (id: string, intentId: string): Promise<string> =>
      repository.attachPaymentIntent(id, intentId),

    /**
     * The provider says `paymentId` succeeded for `orderId` (payments has checked the amount and
     * currency): the order becomes paid — placed → paid, or expired → paid when its units are
     * still there — or the payment is due back (expired → refunded). Each step is one guarded
     * statement that answers the state it found, so the order is never read twice, and however
     * many confirmations race, one pays and the others are replays.
     */
    async paymentSucceeded(orderId: string, paymentId: string): Promise<PaymentOutcome> {
      let step: PaymentOutcome | TransitionResult = await machine.pay(orderId, paymentId);
      for (let steps = 1; isTransition(step); steps++) {
        if (steps > MAX_STEPS) throw new Error(`order ${orderId}: a payment did not settle in ${MAX_STEPS} steps`);
        step = await next(step, orderId, paymentId);
      }
      return step;
    },
  };
}
export type OrderPayments = ReturnType<typeof createOrderPayments>;
