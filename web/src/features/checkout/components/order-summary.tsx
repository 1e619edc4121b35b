import type { Order } from '@torque/contract';
import { OrderDelivery } from '@/components/orders/order-delivery.tsx';
import { OrderLines } from '@/components/orders/order-lines.tsx';
import { YourPrice } from '@/components/parts/your-price.tsx';
import { OrderTaxSummary } from '@/components/tax/tax-summary.tsx';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format.ts';

/**
 * PRODUCT.md §2: the part's name, the quantity and 'Please pay: $price'. Issue 30 (§25–§26): an
 * order on account asks for no card: its total, and the page says "On account · due … · PO …"; a one-line
 * order a price list made cheaper shows its unit price as "Your price" beside the list price.
 */
export function OrderSummary({ order, expired }: { order: Order; expired: boolean }) {
  const [only] = order.lines.length === 1 ? order.lines : [];
  return (
    <div className="flex gap-4">
      <img
        src={order.img}
        alt=""
        width={96}
        height={72}
        className="hidden aspect-[4/3] w-24 shrink-0 self-start rounded-field bg-base-200 object-cover sm:block"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-semibold">{order.name}</h2>
          {order.payment ? <span className="badge badge-success badge-sm">Paid</span> : null}
          {expired ? <span className="badge badge-neutral badge-sm">Expired</span> : null}
        </div>
        <p>
          Quantity: <span className="font-medium">{formatCount(order.quantity)}</span>
        </p>
        {only?.publicUnitPrice !== undefined ? (
          <p className="flex flex-wrap items-baseline gap-x-1">
            Unit price: <YourPrice yours={only.unitPrice} list={only.publicUnitPrice} />
          </p>
        ) : null}
        {order.account ? (
          // Issue 30: nothing to pay by card; the terms ("On account · due … · PO …") follow below.
          <p className="text-lg">
            Total: <span className="font-bold">{formatMoney(order.price)}</span>
          </p>
        ) : (
          <p className="text-lg">
            Please pay: <span className="font-bold">{formatMoney(order.price)}</span>
          </p>
        )}
        {!order.payment && !expired && order.payBy ? (
          <p>
            Pay by{' '}
            <time className="font-medium" dateTime={order.payBy}>
              {formatDateTime(order.payBy)}
            </time>
          </p>
        ) : null}
        <OrderLines lines={order.lines} />
        <OrderDelivery order={order} />
        {/* Issue 29: net, tax per rate, the note and gross (an order without tax shows none). */}
        <OrderTaxSummary order={order} />
      </div>
    </div>
  );
}
