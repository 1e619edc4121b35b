import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney } from './format.ts';

const intlMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const intlCount = new Intl.NumberFormat('en-US');

/** A fixed pseudo-random sequence, so a failure is the same on every run. */
function* numbers(count: number, seed = 31): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe('formatMoney writes what Intl.NumberFormat en-US USD writes', () => {
  const cases = [
    0,
    -0,
    0.5,
    1,
    9.99,
    10,
    12.5,
    999.995,
    1000,
    1234.5,
    1_000_000,
    123_456_789.01,
    1.005,
    0.125,
    2.675,
    1.115,
    0.004999,
    0.005,
    19.99 * 3,
    0.1 + 0.2,
    1e-7,
    5e-324,
    1e15 + 0.3,
    2 ** 53 + 2,
    1e21,
    1.5e300,
    Number.MAX_VALUE,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -3,
    -1234.567,
    -0.001,
  ];
  it.each(cases)('%d', (amount) => {
    expect(formatMoney(amount)).toBe(intlMoney.format(amount));
  });

  it('for prices in cents, totals of a quantity and numbers with three or four decimals', () => {
    const random = [...numbers(3000)];
    for (const [i, r] of random.entries()) {
      const amounts = [
        Math.round(r * 1e7) / 100,
        (Math.round(r * 1e5) / 100) * ((i % 97) + 1),
        Math.round(r * 1e6) / 1000,
        Math.round(r * 1e8) / 10000,
        r * 10 ** (i % 12),
      ];
      for (const amount of amounts) expect(formatMoney(amount), String(amount)).toBe(intlMoney.format(amount));
    }
  });
});

describe('formatCount writes what Intl.NumberFormat en-US writes', () => {
  it.each([
    0,
    -0,
    1,
    12,
    999,
    1000,
    12_345,
    -12_345,
    1_234_567,
    Number.MAX_SAFE_INTEGER,
    2 ** 60,
    1.5,
    0.1234,
    -7.0005,
  ])('%d', (value) => {
    expect(formatCount(value)).toBe(intlCount.format(value));
  });
});
