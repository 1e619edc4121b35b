import { describe, expect, test } from 'vitest';
import { canCancel, canRefund, canShip, orderStatus } from './order-status.ts';

const unpaid = { payment: false, status: null, payBy: null, expiredAt: null, refundedAt: null };

describe('order status', () => {
  test('an unpaid order, expired or not, can be cancelled; a paid or refunded one cannot', () => {
    expect(canCancel(unpaid)).toBe(true);
    const expired = { ...unpaid, expiredAt: '2026-01-01T00:00:00.000Z' };
    expect(canCancel(expired)).toBe(true);
    expect(canCancel({ ...unpaid, payment: true })).toBe(false);
    const refunded = { ...unpaid, expiredAt: '2026-01-01T00:00:00.000Z', refundedAt: '2026-01-01T00:01:00.000Z' };
    expect(orderStatus(refunded)).toBe('Refunded');
    expect(canCancel(refunded)).toBe(false);
  });

  test('issue 29: a paid, unshipped order can be refunded once; refunded, it neither ships nor refunds again', () => {
    const paid = { ...unpaid, payment: true };
    expect(canRefund(paid)).toBe(true);
    expect(canRefund(unpaid)).toBe(false);
    expect(canRefund({ ...paid, status: 'shipped' as const })).toBe(false);
    const refunded = { ...paid, refundedAt: '2026-11-02T00:00:00.000Z' };
    expect(canRefund(refunded)).toBe(false);
    expect(canShip(refunded)).toBe(false);
    expect(orderStatus(refunded)).toBe('Refunded');
    expect(orderStatus(paid)).toBe('Pending');
  });
});
