import type { Order } from '@torque/contract';

/** PRODUCT.md §4: unpaid → paid and pending → shipped. */
export type OrderStatus = 'Unpaid' | 'Pending' | 'Shipped';

export function orderStatus(order: Pick<Order, 'payment' | 'status'>): OrderStatus {
  if (!order.payment) return 'Unpaid';
  return order.status ? 'Shipped' : 'Pending';
}

/** Ship Now only for a paid order that has not left yet. */
export function canShip(order: Pick<Order, 'payment' | 'status'>): boolean {
  return order.payment && !order.status;
}

/** Only unpaid orders can be cancelled (the server returns their units to stock). */
export function canCancel(order: Pick<Order, 'payment'>): boolean {
  return !order.payment;
}
