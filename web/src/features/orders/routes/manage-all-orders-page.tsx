import { ORDER_STATUSES, type Order } from '@torque/contract';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatCount } from '@/lib/format.ts';
import { useDownloadOrdersCsv } from '../api/download-orders-csv.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useListParams } from '@/lib/list-params.ts';
import { useShipOrder } from '../api/ship-order.ts';
import { AllOrdersTable } from '../components/all-orders-table.tsx';
import { CancelOrderModal } from '../components/cancel-order-modal.tsx';
import { RefundOrderModal } from '../components/refund-order-modal.tsx';
import { Pager, SearchBox } from '@/components/ui/list-controls.tsx';
import { CountHeading, PageHeader } from '@/components/layout/page-header.tsx';

const STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  unpaid: 'Unpaid',
  paid: 'Paid, not shipped',
  shipped: 'Shipped',
};

/**
 * `/dashboard/manage-all-orders` (admin, PRODUCT.md §2): ship paid orders, cancel unpaid ones;
 * 50 a page, searched by e-mail or part and filtered by status (all in the URL), exported as CSV.
 */
export default function ManageAllOrdersPage() {
  const list = useListParams(['status'] as const);
  const orders = useAllOrders(list.query);
  const ship = useShipOrder();
  const csv = useDownloadOrdersCsv();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toRefund, setToRefund] = useState<Order | null>(null);
  const statusId = useId();

  function shipNow(order: Order) {
    ship.mutate(order._id, {
      onSuccess: () => toast.success('items shipped'),
      onError: (error) => toast.error(error.message),
    });
  }

  function download() {
    const filters = new URLSearchParams();
    if (list.q) filters.set('q', list.q);
    if (list.filters.status) filters.set('status', list.filters.status);
    csv.mutate(filters.toString(), { onError: (error) => toast.error(error.message) });
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Manage All Orders">
        {orders.data ? <CountHeading>All orders: {formatCount(orders.data.total)}</CountHeading> : null}
      </PageHeader>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox label="Search by e-mail or part" value={list.q} onSearch={list.setQ} />
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium">
            Status
          </label>
          <select
            id={statusId}
            className="select select-sm w-48"
            value={list.filters.status}
            onChange={(event) => list.setFilter('status', event.target.value)}
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-sm btn-secondary" disabled={csv.isPending} onClick={download}>
          {csv.isPending ? <Spinner size="sm" /> : null}
          Download CSV
        </button>
      </div>
      <QueryResult query={orders} what="the orders">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={list.q || list.filters.status ? 'No orders match' : 'No orders yet'}>
              <p className="text-base-content/80">
                {list.q || list.filters.status
                  ? 'Try another search or status.'
                  : 'Orders appear here as soon as customers place them.'}
              </p>
            </EmptyState>
          ) : (
            <>
              <AllOrdersTable
                orders={page.items}
                shipping={ship.isPending ? (ship.variables ?? null) : null}
                onShip={shipNow}
                onCancel={setToCancel}
                onRefund={setToRefund}
              />
              <Pager atStart={!list.cursor} nextCursor={page.nextCursor} onPage={list.goTo} />
            </>
          )
        }
      </QueryResult>
      <CancelOrderModal order={toCancel} onClose={() => setToCancel(null)} />
      <RefundOrderModal order={toRefund} onClose={() => setToRefund(null)} />
    </section>
  );
}
