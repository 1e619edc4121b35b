import type { Order, SandboxConfirmInput } from '@torque/contract';
import { request } from '@/lib/http.ts';

export interface ConfirmedPayment {
  id: string;
  status: 'succeeded';
  /** The order, already marked paid by the server. */
  order: Order;
}

/**
 * `POST /api/payments/sandbox/confirm`: what Stripe.js's confirmCardPayment does, against the
 * server's test-mode processor. A refused card is a 402 whose message is Stripe's wording.
 */
export function confirmSandboxPayment(input: SandboxConfirmInput): Promise<ConfirmedPayment> {
  return request<ConfirmedPayment>('/api/payments/sandbox/confirm', { method: 'POST', body: input });
}
