import type { Order } from '@torque/contract';
import { isExpired } from '@/lib/order-hold.ts';

/**
 * PRODUCT.md §4: unpaid → paid and pending → shipped; an unpaid order whose hold ended is
 * Expired, and Refunded when a payment arrived after that and its stock was gone.
 */
export type OrderStatus = 'Unpaid' | 'Pending' | 'Shipped' | 'Expired' | 'Refunded';

export function orderStatus(
  order: Pick<Order, 'payment' | 'status' | 'payBy' | 'expiredAt' | 'refundedAt'>,
  now: number = Date.now(),
): OrderStatus {
  if (!order.payment) {
    if (order.refundedAt) return 'Refunded';
    return isExpired(order, now) ? 'Expired' : 'Unpaid';
  }
  if (order.status) return 'Shipped';
  // Issue 29: an admin refunded it before it shipped (a credit note was issued).
  return order.refundedAt ? 'Refunded' : 'Pending';
}

/** Ship Now only for a paid order that has not left yet (nor been refunded). */
export function canShip(order: Pick<Order, 'payment' | 'status'> & Partial<Pick<Order, 'refundedAt'>>): boolean {
  return order.payment && !order.status && !order.refundedAt;
}

/** Issue 29: Refund only for a paid order that has not left yet and was not refunded already. */
export function canRefund(order: Pick<Order, 'payment' | 'status' | 'refundedAt'>): boolean {
  return order.payment && !order.status && !order.refundedAt;
}

/**
 * Only unpaid orders can be cancelled (the server returns their units to stock, unless expired);
 * a refunded one is the record of its refund and stays (409 ORDER_REFUNDED).
 */
export function canCancel(order: Pick<Order, 'payment' | 'refundedAt'> & Partial<Pick<Order, 'account'>>): boolean {
  // Issue 30: an order on account is invoiced when placed and is never deleted (409 ORDER_INVOICED).
  return !order.payment && !order.refundedAt && !order.account;
}
