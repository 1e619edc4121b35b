import { lineTaxCents, RATE_SCALE, type OrderTax } from '@torque/contract';
import { toDollars } from './money.ts';

/**
 * The tax an order (or a quote) carries: what the tax module decided for its buyer and
 * destination (issue 29, PRODUCT.md "Tax"). `rateMilli`: thousandths of a percent; `note`: the
 * legal note when no tax is charged (reverse charge, export, certificate).
 */
export interface TaxDecision {
  rateMilli: number;
  note: string | null;
  /** The destination the rate was chosen by (null: no tax decided, e.g. no tax module). */
  country: string | null;
  region: string | null;
  /** The buyer's tax number, when they hold one, and its status; the seller's (SHOP_TAX_ID). */
  buyerTaxId: string | null;
  buyerTaxIdStatus: 'valid' | 'invalid' | 'unverified' | null;
  sellerTaxId: string | null;
}

/** No tax at all: what placing decides when no tax module is registered. */
export const NO_TAX: TaxDecision = {
  rateMilli: 0,
  note: null,
  country: null,
  region: null,
  buyerTaxId: null,
  buyerTaxIdStatus: null,
  sellerTaxId: null,
};

/** One rate's share of an order, in cents (stored so in `orders.tax_lines`). */
export interface TaxLineCents {
  rate: number;
  net: number;
  tax: number;
}

export interface TaxAmounts {
  goodsCents: number;
  shippingCents: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
  lines: TaxLineCents[];
}

/**
 * THE tax computation (quote, checkout, the one-part order): each goods line's net and the
 * shipping line are taxed at the decided rate by `lineTaxCents` (per line, half-up), and the
 * order's tax is the sum. Net = goods + shipping, gross = net + tax (the amount to pay). One
 * destination per order, so one rate line; an order without a decided destination has no rate line.
 */
export function taxAmounts(decision: TaxDecision, lineNetCents: readonly number[], shippingCents = 0): TaxAmounts {
  const ratePercent = decision.rateMilli / RATE_SCALE;
  let goodsCents = 0;
  let taxCents = 0;
  for (const net of lineNetCents) {
    goodsCents += net;
    taxCents += lineTaxCents(net, ratePercent);
  }
  if (shippingCents > 0) taxCents += lineTaxCents(shippingCents, ratePercent);
  const netCents = goodsCents + shippingCents;
  // No destination decided (no tax module): no rate line at all, as orders were before tax.
  const lines = decision.country === null ? [] : [{ rate: decision.rateMilli, net: netCents, tax: taxCents }];
  return { goodsCents, shippingCents, netCents, taxCents, grossCents: netCents + taxCents, lines };
}

/** The contract's `orderTax` (dollars, rate in percent) of amounts in cents. */
export function orderTaxOf(amounts: TaxAmounts, note: string | null): OrderTax {
  return {
    lines: amounts.lines.map((l) => ({ rate: l.rate / RATE_SCALE, net: toDollars(l.net), tax: toDollars(l.tax) })),
    total: toDollars(amounts.taxCents),
    note,
  };
}
