import type { ConfirmCard } from '../api/pay-order.ts';

/** What the checkout gives either card form (sandbox or Stripe Elements). */
export interface CardFormProps {
  /** Sent with the card as its billing email (PRODUCT.md §7). */
  billingEmail: string;
  /** A payment is under way: Pay shows a spinner. */
  paying: boolean;
  /** Pay is off: paying, or paid already. */
  disabled: boolean;
  onPay: (confirmCard: ConfirmCard) => void;
}
