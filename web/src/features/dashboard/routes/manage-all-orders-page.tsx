import type { Order } from '@torque/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useShipOrder } from '../api/ship-order.ts';
import { AllOrdersTable } from '../components/all-orders-table.tsx';
import { CancelOrderModal } from '../components/cancel-order-modal.tsx';
import { CountHeading, PageHeader } from '../components/page-header.tsx';

/** `/dashboard/manage-all-orders` (admin, PRODUCT.md §2): ship paid orders, cancel unpaid ones. */
export default function ManageAllOrdersPage() {
  const orders = useAllOrders();
  const ship = useShipOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);

  function shipNow(order: Order) {
    ship.mutate(order._id, {
      onSuccess: () => toast.success('items shipped'),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Manage All Orders">
        {orders.data ? <CountHeading>All orders: {orders.data.length}</CountHeading> : null}
      </PageHeader>
      <QueryResult query={orders} what="the orders">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No orders yet">
              <p className="text-base-content/80">Orders appear here as soon as customers place them.</p>
            </EmptyState>
          ) : (
            <AllOrdersTable
              orders={list}
              shipping={ship.isPending ? (ship.variables ?? null) : null}
              onShip={shipNow}
              onCancel={setToCancel}
            />
          )
        }
      </QueryResult>
      <CancelOrderModal order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
