import type { Order, PaymentIntent, PaymentRecord } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { request } from '@/lib/http.ts';
import { ORDERS_KEY } from './get-order.ts';

/** Confirms the card against an intent (sandbox or Stripe.js); resolves the payment's id. */
export type ConfirmCard = (clientSecret: string) => Promise<string>;

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

/** `POST /api/payment`: the payment record of PRODUCT.md §3 (a replay returns the same record). */
export function recordPayment(paymentId: string): Promise<PaymentRecord> {
  return request<PaymentRecord>('/api/payment', { method: 'POST', body: { paymentId } });
}

/** Tries at the steps after the card is charged (marking paid, the record), which are safe to repeat. */
const BOOKKEEPING_ATTEMPTS = 3;

/**
 * The whole payment: intent → card confirmation → order marked paid → payment record.
 * Once the card is confirmed its id is kept: a failure after that is retried, and a retry only
 * finishes the bookkeeping — it never charges the card again. A refused card is not retried.
 */
export function usePayOrder(orderId: string) {
  const queryClient = useQueryClient();
  const confirmedId = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      let paymentId = confirmedId.current;
      if (!paymentId) {
        const { clientSecret } = await createPaymentIntent(orderId);
        paymentId = await confirmCard(clientSecret);
        confirmedId.current = paymentId;
      }
      await markOrderPaid(orderId, paymentId);
      await recordPayment(paymentId);
      return paymentId;
    },
    retry: (failures) => confirmedId.current !== null && failures < BOOKKEEPING_ATTEMPTS,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
