import type { Order } from '@torque/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { useOrder } from '../api/get-order.ts';
import { CardPayment } from '../components/card-payment.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { AlreadyPaid } from '../components/payment-complete.tsx';

/** Paid before this visit: say so instead of offering the form (decided once, on arrival). */
function PaidOrForm({ order, billingEmail }: { order: Order; billingEmail: string }) {
  const [paidOnArrival] = useState(order.payment);
  if (paidOnArrival) return <AlreadyPaid paymentId={order.paymentId} />;
  return <CardPayment order={order} billingEmail={billingEmail} />;
}

/** `/checkout/:orderId` (PRODUCT.md §2): what is being paid for, the card form and Pay. */
export default function CheckoutPage() {
  useTitle('Checkout');
  const { orderId = '' } = useParams();
  const { user } = useAuth();
  const order = useOrder(orderId);

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Checkout</h1>
      <QueryResult
        query={order}
        what="this order"
        notFound={
          <EmptyState title="This order does not exist">
            <p className="text-base-content/80">It may have been cancelled.</p>
          </EmptyState>
        }
      >
        {(loaded) => (
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-6">
              <OrderSummary order={loaded} />
              <PaidOrForm order={loaded} billingEmail={user?.email ?? ''} />
            </div>
          </div>
        )}
      </QueryResult>
      <Link to="/dashboard/my-orders" className="link link-hover text-sm">
        Back to my orders
      </Link>
    </section>
  );
}
