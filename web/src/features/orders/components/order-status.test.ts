import { describe, expect, test } from 'vitest';
import { canCancel, orderStatus } from './order-status.ts';

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
});
