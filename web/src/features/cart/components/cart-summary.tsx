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
  children,
}: {
  lines: number;
  quantity: number;
  total: number;
  totals?: ReactNode;
  /** A line under the figures (the quote could not be had). */
  notice?: ReactNode;
  children: ReactNode;
}) {
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
              <dt className="text-base font-semibold">Total (excl. tax)</dt>
              <dd className="text-right text-base font-bold">{formatMoney(total)}</dd>
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
