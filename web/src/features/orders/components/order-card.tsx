import type { Order } from '@torque/contract';
import { Link } from 'react-router';
import { OrderDelivery } from '@/components/orders/order-delivery.tsx';
import { OrderAccount } from '@/components/orders/order-account.tsx';
import { OrderLines } from '@/components/orders/order-lines.tsx';
import { hasTax, OrderTaxSummary } from '@/components/tax/tax-summary.tsx';
import { useDownloadInvoice } from '@/components/orders/download-invoice.ts';
import { useReorder } from '../api/reorder.ts';
import { formatCount, formatDateTime, formatMoney } from '@/lib/format.ts';
import { useExpired } from '@/lib/order-hold.ts';
import { canCancel, orderStatus } from './order-status.ts';
import { CreditNotes } from './credit-notes.tsx';
import { StatusBadge } from './status-badge.tsx';

interface OrderCardProps {
  order: Order;
  onCancel: (order: Order) => void;
}

/**
 * PRODUCT.md §2: name, description, quantity, price, payment id when paid, Cancel and pay/paid;
 * an order of several lines lists them, and any order can be ordered again (issue 27).
 */
export function OrderCard({ order, onCancel }: OrderCardProps) {
  const paid = order.payment;
  const invoice = useDownloadInvoice();
  const again = useReorder();
  // Re-renders when the pay-by time passes, so the badge and Pay change without a reload.
  const expired = useExpired(order);
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:flex-row sm:items-start">
        <img
          src={order.img}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          className="hidden aspect-[4/3] w-24 shrink-0 rounded-field bg-base-200 object-cover sm:block"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="card-title text-base">{order.name}</h3>
            <StatusBadge status={orderStatus(order)} />
          </div>
          <p className="line-clamp-2 text-sm text-base-content/80">{order.des}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {order.partNumber ? (
              <>
                <dt className="text-base-content/70">Part number</dt>
                <dd className="font-mono wrap-anywhere">{order.partNumber}</dd>
              </>
            ) : null}
            <dt className="text-base-content/70">Quantity</dt>
            <dd className="font-medium">{formatCount(order.quantity)}</dd>
            <dt className="text-base-content/70">Price</dt>
            <dd className="font-semibold">{formatMoney(order.price)}</dd>
            {!paid && !expired && order.payBy ? (
              <>
                <dt className="text-base-content/70">Pay by</dt>
                <dd className="font-medium">
                  <time dateTime={order.payBy}>{formatDateTime(order.payBy)}</time>
                </dd>
              </>
            ) : null}
            {order.refundedAt ? (
              <>
                <dt className="text-base-content/70">Refunded</dt>
                <dd>
                  <time dateTime={order.refundedAt}>{formatDateTime(order.refundedAt)}</time>
                  {order.creditNotes.length > 0
                    ? ': the payment was given back'
                    : ': the payment arrived after the order expired and the stock was gone'}
                </dd>
              </>
            ) : null}
            {paid && order.paymentId ? (
              <>
                <dt className="text-base-content/70">Payment id</dt>
                <dd className="break-all font-mono text-xs leading-5">{order.paymentId}</dd>
              </>
            ) : null}
          </dl>
          <OrderLines lines={order.lines} />
          <OrderDelivery order={order} />
          <OrderAccount order={order} />
          {/* Issue 29: net, tax per rate, the note and gross; an order without tax looks as before. */}
          {hasTax(order) ? (
            <div className="max-w-xs">
              <OrderTaxSummary order={order} />
            </div>
          ) : null}
          <CreditNotes order={order} />
          {again.error ? (
            <p role="alert" className="text-sm text-red-700">
              {again.error.message}
            </p>
          ) : null}
          {(paid || order.account) && order.invoiceNumber ? (
            <p className="text-sm">
              <button
                type="button"
                className="link font-medium text-amber-800"
                aria-label={`Download invoice ${order.invoiceNumber} for ${order.name}`}
                disabled={invoice.isPending}
                onClick={() => invoice.mutate(order)}
              >
                Download invoice
              </button>
              {invoice.error ? (
                <span role="alert" className="ml-2 text-error">
                  {invoice.error.message}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="card-actions flex-wrap sm:flex-col sm:flex-nowrap sm:items-stretch">
          {paid ? (
            <button type="button" className="btn btn-success btn-sm flex-1 sm:w-28 sm:flex-none" disabled>
              Paid
            </button>
          ) : order.account ? (
            <span className="badge badge-outline h-auto flex-1 py-1 sm:w-28 sm:flex-none">On account</span>
          ) : expired ? (
            <button
              type="button"
              className="btn btn-primary btn-sm flex-1 sm:w-28 sm:flex-none"
              disabled
              aria-label={`Pay for ${order.name} (expired)`}
            >
              Pay
            </button>
          ) : (
            <Link
              to={`/checkout/${order._id}`}
              className="btn btn-primary btn-sm flex-1 sm:w-28 sm:flex-none"
              aria-label={`Pay for ${order.name}`}
            >
              Pay
            </Link>
          )}
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm flex-1 sm:w-28 sm:flex-none"
            disabled={!canCancel(order)}
            aria-label={`Cancel ${order.name}`}
            onClick={() => onCancel(order)}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm flex-1 whitespace-nowrap sm:w-28 sm:flex-none"
            aria-label={`Order again: ${order.name}`}
            disabled={again.isPending}
            onClick={() => again.mutate(order._id)}
          >
            Order again
          </button>
        </div>
      </div>
    </li>
  );
}
