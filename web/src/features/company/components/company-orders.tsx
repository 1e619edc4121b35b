import type { Order } from '@torque/contract';
import { useState } from 'react';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Pager } from '@/components/ui/list-controls.tsx';
import { formatDateTime, formatMoney } from '@/lib/format.ts';
import { useDownloadInvoice } from '@/components/orders/download-invoice.ts';
import { useCompanyOrders } from '../api/company.ts';

/** What became of an order, in a word (read-only for the company's members). */
function statusOf(order: Order): string {
  if (order.refundedAt) return 'Refunded';
  if (order.status === 'shipped') return 'Shipped';
  // Issue 30 (§26): an on-account order is invoiced, not unpaid, until its due date.
  if (order.account && !order.account.paymentRecordedAt) {
    const po = order.account.poNumber ? ` · PO ${order.account.poNumber}` : '';
    return `On account · due ${order.account.dueOn}${po}`;
  }
  if (order.payment || order.account?.paymentRecordedAt) return 'Paid';
  return order.expiredAt ? 'Expired' : 'Unpaid';
}

const itemsOf = (order: Order) =>
  order.lines.length > 0
    ? order.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')
    : `${order.quantity} × ${order.name}`;

/** The company's orders, newest first, paged: every member sees them, read-only, with their invoices. */
export function CompanyOrders() {
  const [cursor, setCursor] = useState<string | null>(null);
  const orders = useCompanyOrders(cursor, true);
  const invoice = useDownloadInvoice();

  return (
    <section aria-labelledby="company-orders-heading" className="flex flex-col gap-3">
      <h3 id="company-orders-heading" className="text-lg font-semibold">
        Company orders
      </h3>
      <QueryResult query={orders} what="the company's orders">
        {(page) =>
          page.items.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <>
              <p className="text-sm text-base-content/80">Orders: {page.total}</p>
              <div className="overflow-x-auto">
                <table className="table table-sm" aria-label="Company orders">
                  <thead>
                    <tr>
                      <th scope="col">Placed</th>
                      <th scope="col">Buyer</th>
                      <th scope="col">Items</th>
                      <th scope="col">Total</th>
                      <th scope="col">Status</th>
                      <th scope="col">Invoice</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((order) => (
                      <tr key={order._id}>
                        <th scope="row" className="font-normal whitespace-nowrap">
                          {formatDateTime(order.createdAt)}
                        </th>
                        <td className="break-all">{order.email}</td>
                        <td>{itemsOf(order)}</td>
                        <td className="whitespace-nowrap">{formatMoney(order.gross)}</td>
                        <td>{statusOf(order)}</td>
                        <td>
                          {order.invoiceNumber ? (
                            <button
                              type="button"
                              className="btn btn-link btn-sm px-0 text-blue-800"
                              aria-label={`Download invoice ${order.invoiceNumber}`}
                              disabled={invoice.isPending}
                              onClick={() => invoice.mutate(order)}
                            >
                              {order.invoiceNumber}
                            </button>
                          ) : (
                            <span className="text-base-content/70">none yet</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {invoice.error ? (
                <p role="alert" className="text-sm text-red-700">
                  {invoice.error.message}
                </p>
              ) : null}
              <Pager atStart={!cursor} nextCursor={page.nextCursor} onPage={setCursor} />
            </>
          )
        }
      </QueryResult>
    </section>
  );
}
