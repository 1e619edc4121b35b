import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { percentOffCents, unitPriceFor, type PriceListTerms, type PriceSources } from '@torque/contract';

/**
 * The one pricing rule (contract/src/pricing.ts, docs/PRODUCT.md "Prices"), case by case: the
 * public tiers, a price list's percentage on the public price for that quantity, a fixed price
 * with its own tiers, the lowest winning, half-up per unit, and the validity window's edges.
 */
const part: PriceSources = {
  listPriceCents: 940,
  priceBreaks: [
    { minQuantity: 500, priceCents: 820 },
    { minQuantity: 100, priceCents: 890 },
  ],
};
const list = (terms: Partial<PriceListTerms>): PriceListTerms => ({
  percentOff: null,
  fixed: null,
  validFrom: null,
  validTo: null,
  ...terms,
});
const at = new Date('2026-11-25T12:00:00Z');

describe('unit price for a quantity', () => {
  const cases: [string, PriceSources, number, number, string][] = [
    ['1 unit: the list price', part, 1, 940, 'list'],
    ['99 units: still the first tier', part, 99, 940, 'list'],
    ['100 units: the 100+ break', part, 100, 890, 'break'],
    ['499 units: the 100+ break', part, 499, 890, 'break'],
    ['500 units: the 500+ break', part, 500, 820, 'break'],
    ['10,000 units: the highest break', part, 10_000, 820, 'break'],
    ['10 % off at 1 unit: 846', { ...part, priceLists: [list({ percentOff: 10 })] }, 1, 846, 'percent-off'],
    ['10 % off the 100+ tier: 801', { ...part, priceLists: [list({ percentOff: 10 })] }, 100, 801, 'percent-off'],
    // 940 × 0.875 = 822.5 → 823 (half-up per unit)
    ['12.5 % off 940: 822.5 rounds up', { ...part, priceLists: [list({ percentOff: 12.5 })] }, 1, 823, 'percent-off'],
    // 890 × 0.8333 = 741.637 → 742
    ['16.67 % off 890', { ...part, priceLists: [list({ percentOff: 16.67 })] }, 100, 742, 'percent-off'],
    [
      'a fixed price beats the list',
      { ...part, priceLists: [list({ fixed: { priceCents: 900, priceBreaks: [] } })] },
      1,
      900,
      'fixed',
    ],
    [
      'a fixed price above the public tier loses to it',
      { ...part, priceLists: [list({ fixed: { priceCents: 900, priceBreaks: [] } })] },
      100,
      890,
      'break',
    ],
    [
      'a fixed price with its own tiers',
      {
        ...part,
        priceLists: [list({ fixed: { priceCents: 900, priceBreaks: [{ minQuantity: 50, priceCents: 850 }] } })],
      },
      50,
      850,
      'fixed',
    ],
    [
      'the lowest of % off and fixed wins (%)',
      { ...part, priceLists: [list({ percentOff: 20, fixed: { priceCents: 800, priceBreaks: [] } })] },
      1,
      752,
      'percent-off',
    ],
    [
      'the lowest of % off and fixed wins (fixed)',
      { ...part, priceLists: [list({ percentOff: 5, fixed: { priceCents: 800, priceBreaks: [] } })] },
      1,
      800,
      'fixed',
    ],
    [
      'two lists: the lowest candidate of either',
      { ...part, priceLists: [list({ percentOff: 5 }), list({ percentOff: 15 })] },
      500,
      697,
      'percent-off',
    ],
    ['0 % off changes nothing', { ...part, priceLists: [list({ percentOff: 0 })] }, 1, 940, 'list'],
    ['100 % off is free', { ...part, priceLists: [list({ percentOff: 100 })] }, 1, 0, 'percent-off'],
    ['a free part stays free', { listPriceCents: 0, priceBreaks: [] }, 3, 0, 'list'],
    // 1 cent × 0.5 = 0.5 → 1 (half-up), 3 cents × 0.5 = 1.5 → 2
    [
      'half a cent rounds up',
      { listPriceCents: 1, priceBreaks: [], priceLists: [list({ percentOff: 50 })] },
      1,
      1,
      'list',
    ],
    [
      '1.5 cents rounds up to 2',
      { listPriceCents: 3, priceBreaks: [], priceLists: [list({ percentOff: 50 })] },
      1,
      2,
      'percent-off',
    ],
  ];
  for (const [name, sources, quantity, cents, source] of cases) {
    test(name, () => {
      const price = unitPriceFor(sources, quantity, at);
      assert.equal(price.unitCents, cents);
      assert.equal(price.source, source);
      assert.equal(price.listUnitCents, sources.listPriceCents);
    });
  }

  test('the public price and tier are reported beside the buyer’s', () => {
    const price = unitPriceFor({ ...part, priceLists: [list({ percentOff: 10 })] }, 120, at);
    assert.deepEqual(price, {
      unitCents: 801,
      publicUnitCents: 890,
      listUnitCents: 940,
      tierMinQuantity: 100,
      source: 'percent-off',
    });
  });
});

describe('a price list’s validity window', () => {
  const windowed = list({ percentOff: 50, validFrom: '2026-11-01T00:00:00Z', validTo: '2026-12-01T00:00:00Z' });
  const priced = (iso: string) => unitPriceFor({ ...part, priceLists: [windowed] }, 1, new Date(iso)).unitCents;
  test('applies from its first instant', () => assert.equal(priced('2026-11-01T00:00:00Z'), 470));
  test('not a millisecond before', () => assert.equal(priced('2026-10-31T23:59:59.999Z'), 940));
  test('applies until just before its end', () => assert.equal(priced('2026-11-30T23:59:59.999Z'), 470));
  test('not at its end', () => assert.equal(priced('2026-12-01T00:00:00Z'), 940));
});

test('percent off is integer arithmetic, half-up', () => {
  assert.equal(percentOffCents(1999, 15), 1699); // 1699.15
  assert.equal(percentOffCents(1000, 33.33), 667); // 666.7
  assert.equal(percentOffCents(10, 25), 8); // 7.5
  assert.equal(percentOffCents(0, 40), 0);
});
