import type { Order, PaymentIntent } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * Confirms the card against an intent (sandbox or Stripe.js); resolves the payment's id and,
 * where the server recorded the payment in the same call (the sandbox), the paid order.
 */
export type ConfirmCard = (clientSecret: string) => Promise<{ paymentId: string; paidOrder?: Order }>;

/** `POST /api/create-payment-intent`: the server prices the order; the same open intent comes back each time. */
export function createPaymentIntent(orderId: string): Promise<PaymentIntent> {
  return request<PaymentIntent>('/api/create-payment-intent', { method: 'POST', body: { orderId } });
}

/** `PUT /api/order/:id`: the server checks the payment with the provider before marking the order paid. */
export function markOrderPaid(orderId: string, paymentId: string): Promise<Order> {
  return request<Order>(`/api/order/${encodeURIComponent(orderId)}`, {
    method: 'PUT',
    body: { payment: true, paymentId },
  });
}

/** Tries at marking the order paid after the card is charged, which is safe to repeat. */
const BOOKKEEPING_ATTEMPTS = 3;

/**
 * The whole payment: intent → card confirmation → order marked paid. The server writes the
 * payment record when it marks the order paid; the sandbox's confirmation does both, so only a
 * card confirmed by Stripe.js is followed by `PUT /api/order/:id`. Once the card is confirmed
 * its id is kept: a failure after that is retried, and a retry only finishes the bookkeeping —
 * it never charges the card again. A refused card is not retried.
 */
export function usePayOrder(orderId: string) {
  const queryClient = useQueryClient();
  const confirmedId = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      let paymentId = confirmedId.current;
      if (!paymentId) {
        const { clientSecret } = await createPaymentIntent(orderId);
        const confirmed = await confirmCard(clientSecret);
        paymentId = confirmed.paymentId;
        confirmedId.current = paymentId;
        if (confirmed.paidOrder?.payment) return paymentId;
      }
      await markOrderPaid(orderId, paymentId);
      return paymentId;
    },
    retry: (failures) => confirmedId.current !== null && failures < BOOKKEEPING_ATTEMPTS,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
  });
}
