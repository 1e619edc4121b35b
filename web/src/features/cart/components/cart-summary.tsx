import type { ReactNode } from 'react';
import { formatCount, formatMoney } from '@/lib/format.ts';

/**
 * The cart's figures (the server's for a buyer) and what comes next: checkout, or signing in.
 * `totals` (a buyer's tax quote, issue 29) replaces the net total once it is known.
 */
export function CartSummary({
  lines,
  quantity,
  total,
  totals,
  notice,
  shipping,
  children,
}: {
  lines: number;
  quantity: number;
  /** The goods (the server's total of the lines). */
  total: number;
  /** The tax quote's figures (goods, shipping, net, tax, gross); they replace the plain total. */
  totals?: ReactNode;
  /** A line under the figures (the quote could not be had). */
  notice?: ReactNode;
  /**
   * The shipping line (PRODUCT.md §20), once a method is chosen: its name and the server's price;
   * the order's total is the goods and it. Undefined where there is none to choose (a visitor).
   */
  shipping?: { name: string; price: number } | null | undefined;
  children: ReactNode;
}) {
  // Both are the server's figures; the sum is taken in cents, as the server takes it.
  const orderTotal = shipping ? (Math.round(total * 100) + Math.round(shipping.price * 100)) / 100 : total;
  return (
    <section
      aria-labelledby="cart-summary"
      className="card border border-base-300 bg-base-100 shadow-sm lg:sticky lg:top-20"
    >
      <div className="card-body gap-4 p-4">
        <h2 id="cart-summary" className="card-title text-lg">
          Summary
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          <dt>Lines</dt>
          <dd className="text-right">{formatCount(lines)}</dd>
          <dt>Units</dt>
          <dd className="text-right">{formatCount(quantity)}</dd>
          {totals ? null : (
            <>
              {shipping === undefined ? null : (
                <>
                  <dt>Goods</dt>
                  <dd className="text-right">{formatMoney(total)}</dd>
                  <dt>
                    Shipping
                    {shipping ? <span className="block text-xs text-base-content/80">{shipping.name}</span> : null}
                  </dt>
                  <dd className="text-right">
                    {shipping ? (shipping.price === 0 ? 'Free' : formatMoney(shipping.price)) : 'Choose a method'}
                  </dd>
                </>
              )}
              <dt className="text-base font-semibold">Total (excl. tax)</dt>
              <dd className="text-right text-base font-bold" data-testid="order-total">
                {formatMoney(orderTotal)}
              </dd>
            </>
          )}
        </dl>
        {totals}
        {notice}
        <p className="text-xs text-base-content/80">One order and one payment for every line.</p>
        {children}
      </div>
    </section>
  );
}
