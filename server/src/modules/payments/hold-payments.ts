import type { HoldPayments } from '../orders/hold-sweeper.ts';
import type { PaymentProvider, ProviderIntent } from './payment-provider.ts';

/**
 * The payments side of the hold sweep (the `HoldPayments` port the orders module declares): an
 * order whose hold ended has a payment intent, so the provider is asked before it may expire. A
 * card charged at the last second pays the order instead of being lost; any other intent is
 * cancelled first, so it can no longer be charged once the units are back on sale.
 */
export function createHoldPayments(deps: {
  provider: PaymentProvider;
  /** payments-service's recordPayment: the one path from a provider's answer to the order machine. */
  recordPayment: (intent: ProviderIntent) => Promise<unknown>;
}): HoldPayments {
  const { provider } = deps;
  return {
    async settleEndedHold(order) {
      let intent = await provider.retrieveIntent(order.paymentIntentId);
      if (intent && intent.status !== 'succeeded' && intent.status !== 'canceled' && intent.status !== 'processing') {
        intent = await provider.cancelIntent(order.paymentIntentId);
      }
      if (intent?.status === 'succeeded') {
        await deps.recordPayment(intent);
        return 'paid';
      }
      return intent && intent.status !== 'canceled' ? 'waiting' : 'cancelled';
    },
  };
}
