import type { Order } from '@torque/contract';
import { useEffect, useState } from 'react';

type HoldFields = Pick<Order, 'payment' | 'payBy' | 'expiredAt'>;

/**
 * An unpaid order holds its stock until `payBy` (PRODUCT.md: ORDER_HOLD_MINUTES); after that it
 * is expired and can no longer be paid. The server's sweep sets `expiredAt` within a minute of
 * `payBy`, and refuses payment from `payBy` on, so the page need not wait for it.
 */
export function isExpired(order: HoldFields, now: number = Date.now()): boolean {
  if (order.payment) return false;
  return order.expiredAt !== null || (order.payBy !== null && Date.parse(order.payBy) <= now);
}

/** Whether the order has expired, turning true by itself when its pay-by time passes on this page. */
export function useExpired(order: HoldFields): boolean {
  const expired = isExpired(order);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (expired || order.payment || !order.payBy) return;
    // setTimeout takes at most 2³¹−1 ms (~24.8 days); a longer hold re-arms on the next render.
    const wait = Math.min(Date.parse(order.payBy) - Date.now() + 50, 2 ** 31 - 1);
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [expired, order.payment, order.payBy]);
  return expired;
}
