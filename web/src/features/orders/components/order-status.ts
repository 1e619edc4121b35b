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
  return order.status ? 'Shipped' : 'Pending';
}

/** Ship Now only for a paid order that has not left yet. */
export function canShip(order: Pick<Order, 'payment' | 'status'>): boolean {
  return order.payment && !order.status;
}

/**
 * Only unpaid orders can be cancelled (the server returns their units to stock, unless expired);
 * a refunded one is the record of its refund and stays (409 ORDER_REFUNDED).
 */
export function canCancel(order: Pick<Order, 'payment' | 'refundedAt'>): boolean {
  return !order.payment && !order.refundedAt;
}
