import type { Order } from '@torque/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';
import { CancelOrderModal } from '../components/cancel-order-modal.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';

/** `/dashboard` and `/dashboard/my-orders`: the customer's orders (PRODUCT.md §2). */
export default function MyOrdersPage() {
  const orders = useMyOrders();
  const [toCancel, setToCancel] = useState<Order | null>(null);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="My Orders" heading={orders.data ? `Your orders: ${orders.data.length}` : 'Your orders'} />
      <QueryResult query={orders} what="your orders">
        {(list) => (
          <>
            {list.length === 0 ? (
              <EmptyState title="No orders yet">
                <p className="text-base-content/80">Pick a part from the catalogue to place your first order.</p>
                <Link to="/#parts" className="btn btn-primary btn-sm">
                  Browse the catalogue
                </Link>
              </EmptyState>
            ) : (
              <ul className="flex flex-col gap-3">
                {list.map((order) => (
                  <OrderCard key={order._id} order={order} onCancel={setToCancel} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryResult>
      <CancelOrderModal order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
