import type { Order, OrderTax, TaxQuote } from '@torque/contract';
import { formatMoney } from '@/lib/format.ts';
import { taxLineLabel } from './tax-label.ts';

interface TaxBreakdownProps {
  /** The goods' net total and the shipping's net price; left out where the caller has no split (an order). */
  goods?: number | undefined;
  shipping?: number | undefined;
  net: number;
  tax: OrderTax;
  gross: number;
  /** The destination ("VAT" or "Tax" in the rate's name). */
  country: string | null;
  /** What the gross line is called: "Total" in the cart, "Total to pay" elsewhere. */
  grossLabel?: string;
  /** The gross figure's test id: the cart's total is `order-total`, as before tax. */
  grossTestId?: string | undefined;
  compact?: boolean;
}

/**
 * Net, tax per rate, the legal note when no tax is charged, and gross (issue 29). One component
 * for the cart's quote and a placed order's figures, so both read alike. Zod-free (type imports
 * only): the cart paints without the schemas chunk.
 */
export function TaxBreakdown({
  goods,
  shipping,
  net,
  tax,
  gross,
  country,
  grossLabel = 'Total',
  grossTestId,
  compact = false,
}: TaxBreakdownProps) {
  const size = compact ? 'text-xs' : 'text-sm';
  return (
    <div className="flex flex-col gap-1">
      <dl className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 ${size}`} aria-label="Tax and totals">
        {goods !== undefined ? (
          <>
            <dt>Goods</dt>
            <dd className="text-right">{formatMoney(goods)}</dd>
          </>
        ) : null}
        {shipping !== undefined ? (
          <>
            <dt>Shipping</dt>
            <dd className="text-right">{formatMoney(shipping)}</dd>
          </>
        ) : null}
        <dt>Net (excl. tax)</dt>
        <dd className="text-right">{formatMoney(net)}</dd>
        {tax.lines.map((line) => (
          <TaxLineRow key={line.rate} label={taxLineLabel(line.rate, country)} amount={line.tax} />
        ))}
        {tax.lines.length === 0 ? <TaxLineRow label="Tax" amount={tax.total} /> : null}
        <dt className={compact ? 'font-semibold' : 'text-base font-semibold'}>{grossLabel}</dt>
        <dd className={`text-right ${compact ? 'font-semibold' : 'text-base font-bold'}`} data-testid={grossTestId}>
          {formatMoney(gross)}
        </dd>
      </dl>
      {tax.note ? (
        <p className={`${compact ? 'text-xs' : 'text-sm'} text-base-content/80`} data-testid="tax-note">
          {tax.note}
        </p>
      ) : null}
    </div>
  );
}

function TaxLineRow({ label, amount }: { label: string; amount: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right">{formatMoney(amount)}</dd>
    </>
  );
}

/**
 * The cart's and checkout's figures from `GET /api/tax/quote`. Without a destination (no address
 * yet) the server computes no tax: say it is added once the address is known.
 */
export function TaxSummary({ quote }: { quote: TaxQuote }) {
  return (
    <section aria-label="Tax summary" className="flex flex-col gap-1">
      <TaxBreakdown
        goods={quote.goods}
        shipping={quote.shipping}
        net={quote.net}
        tax={quote.tax}
        gross={quote.gross}
        country={quote.country}
        grossTestId="order-total"
      />
      {quote.country === null ? (
        <p className="text-xs text-base-content/80">Tax is added once you choose a delivery address.</p>
      ) : null}
    </section>
  );
}

/** Whether an order carries tax figures worth showing (orders from before tax, and untaxed ones, look as they did). */
export function hasTax(order: Pick<Order, 'tax'>): boolean {
  return order.tax.lines.length > 0 || order.tax.note !== null;
}

/** A placed order's net, tax per rate, note and gross; nothing for an order without tax. */
export function OrderTaxSummary({ order, compact = false }: { order: Order; compact?: boolean }) {
  if (!hasTax(order)) return null;
  return (
    <TaxBreakdown
      net={order.net}
      tax={order.tax}
      gross={order.gross}
      country={order.shippingAddress?.country ?? null}
      grossLabel="Gross"
      compact={compact}
    />
  );
}
