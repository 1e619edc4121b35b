import { orderMessages } from '@torque/contract';
import { describe, expect, it } from 'vitest';
import { isStockOut, quantityProblem } from './quantity-rules.ts';

const part = { minimunOrder: 10, available: 50 };

describe('quantity rules (PRODUCT.md §5)', () => {
  it('accepts the minimum, the stock, and anything between', () => {
    expect(quantityProblem('10', part)).toBeNull();
    expect(quantityProblem('50', part)).toBeNull();
    expect(quantityProblem(' 25 ', part)).toBeNull();
  });

  it('refuses less than the minimum order and more than is available, with the product’s own words', () => {
    expect(quantityProblem('9', part)).toBe(orderMessages.belowMinimum);
    expect(quantityProblem('0', part)).toBe('you Can not add less than Minimum Order Quantity');
    expect(quantityProblem('51', part)).toBe('you Can not add higher than available Quantity');
  });

  it('asks for a whole number', () => {
    expect(quantityProblem('', part)).toBe('Quantity is required');
    expect(quantityProblem('12.5', part)).toBe('Quantity must be a whole number');
    expect(quantityProblem('-3', part)).toBe('Quantity must be a whole number');
    expect(quantityProblem('ten', part)).toBe('Quantity must be a whole number');
  });

  it('is out of stock at 0 or less', () => {
    expect(isStockOut({ available: 0 })).toBe(true);
    expect(isStockOut({ available: -1 })).toBe(true);
    expect(isStockOut({ available: 1 })).toBe(false);
  });
});
