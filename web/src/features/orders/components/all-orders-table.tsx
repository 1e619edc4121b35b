import type { Order } from '@torque/contract';
import { OrderDelivery } from '@/components/orders/order-delivery.tsx';
import { OrderLines } from '@/components/orders/order-lines.tsx';
import { hasTax, OrderTaxSummary } from '@/components/tax/tax-summary.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { OrderAccount } from '@/components/orders/order-account.tsx';
import { canCancel, canRefund, canShip, orderStatus } from './order-status.ts';
import { RecordPaymentButton } from './record-payment-button.tsx';
import { CreditNotes } from './credit-notes.tsx';
import { StatusBadge } from './status-badge.tsx';

interface AllOrdersTableProps {
  orders: Order[];
  /** Id of the order being shipped right now. */
  shipping: string | null;
  onShip: (order: Order) => void;
  onCancel: (order: Order) => void;
  /** Issue 29: asks to refund a paid, unshipped order. */
  onRefund: (order: Order) => void;
}

/**
 * PRODUCT.md §2: number, email, name, status, Ship Now (paid, not shipped) and Cancel (unpaid);
 * issue 29: the tax, credit notes and Refund (paid, not shipped).
 */
export function AllOrdersTable({ orders, shipping, onShip, onCancel, onRefund }: AllOrdersTableProps) {
  return (
    <ScrollTable caption="All orders" cards>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Email</th>
          <th scope="col">Name</th>
          <th scope="col" className="text-right">
            Quantity
          </th>
          <th scope="col" className="text-right">
            Price
          </th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order, index) => (
          <tr key={order._id}>
            <th scope="row" data-label="#">
              {index + 1}
            </th>
            <td data-label="Email" className="break-all md:break-normal md:whitespace-nowrap">
              {order.email}
            </td>
            <td data-label="Name" className="md:min-w-40">
              {/* One box, so a phone's card shows the number (and the lines) under the name, not beside it. */}
              <div className="min-w-0">
                <span className="block">
                  {order.name}
                  {order.partNumber ? (
                    <span className="block font-mono text-xs text-base-content/80">
                      <span className="sr-only">Part number </span>
                      {order.partNumber}
                    </span>
                  ) : null}
                </span>
                {order.lines.length > 1 ? (
                  <div className="mt-1 text-left">
                    <OrderLines lines={order.lines} compact />
                  </div>
                ) : null}
                <OrderDelivery order={order} compact />
                <OrderAccount order={order} compact />
              </div>
            </td>
            <td data-label="Quantity" className="text-right">
              {formatCount(order.quantity)}
            </td>
            <td data-label="Price" className="text-right whitespace-nowrap">
              {/* One box, so a phone's card shows the tax and credit notes under the price, not beside it. */}
              <div className="min-w-0">
                {formatMoney(order.price)}
                {hasTax(order) ? (
                  <div className="mt-1 min-w-44 text-left whitespace-normal">
                    <OrderTaxSummary order={order} compact />
                  </div>
                ) : null}
                {order.creditNotes.length > 0 ? (
                  <div className="mt-1 text-left whitespace-normal">
                    <CreditNotes order={order} compact />
                  </div>
                ) : null}
              </div>
            </td>
            <td data-label="Status">
              <StatusBadge status={orderStatus(order)} />
            </td>
            <td data-label="Actions">
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-primary btn-xs whitespace-nowrap"
                  disabled={!canShip(order) || shipping !== null}
                  aria-label={`Ship Now, order ${index + 1}`}
                  onClick={() => onShip(order)}
                >
                  {shipping === order._id ? <Spinner size="sm" /> : null}
                  Ship Now
                </button>
                {canRefund(order) ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-warning btn-xs"
                    aria-label={`Refund order ${index + 1}`}
                    onClick={() => onRefund(order)}
                  >
                    Refund
                  </button>
                ) : null}
                <RecordPaymentButton order={order} label={`Record payment, order ${index + 1}`} />
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-xs"
                  disabled={!canCancel(order)}
                  aria-label={`Cancel order ${index + 1}`}
                  onClick={() => onCancel(order)}
                >
                  Cancel
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
