import type { Order } from '@torque/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderAccount } from '@/components/orders/order-account.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { useExpired } from '@/lib/order-hold.ts';
import { useOrder } from '../api/get-order.ts';
import { CardPayment } from '../components/card-payment.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { AlreadyPaid } from '../components/payment-complete.tsx';

/** Paid before this visit: say so instead of offering the form (decided once, on arrival). */
function PaidOrForm({ order, billingEmail, expired }: { order: Order; billingEmail: string; expired: boolean }) {
  const [paidOnArrival] = useState(order.payment);
  if (paidOnArrival) return <AlreadyPaid paymentId={order.paymentId} />;
  // Issue 30: an order on account is paid by transfer against its invoice; no card is asked for.
  if (order.account) {
    return (
      <div role="status" className="alert flex flex-col items-start gap-1">
        <OrderAccount order={order} />
        <span className="text-sm">
          Invoice {order.invoiceNumber} is issued to your company: pay it by bank transfer by its due date.
        </span>
      </div>
    );
  }
  if (expired) {
    return (
      <div role="alert" className="alert alert-warning">
        <span>
          This order expired before it was paid, and its units went back on sale.
          {order.refundedAt
            ? ' A payment that arrived afterwards has been refunded.'
            : ' Place a new order to buy them.'}
        </span>
      </div>
    );
  }
  return <CardPayment order={order} billingEmail={billingEmail} />;
}

function OrderCheckout({ order, billingEmail }: { order: Order; billingEmail: string }) {
  const expired = useExpired(order);
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <OrderSummary order={order} expired={expired} />
        <PaidOrForm order={order} billingEmail={billingEmail} expired={expired} />
      </div>
    </div>
  );
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
        {(loaded) => <OrderCheckout order={loaded} billingEmail={user?.email ?? ''} />}
      </QueryResult>
      <Link to="/dashboard/my-orders" className="link link-hover text-sm">
        Back to my orders
      </Link>
    </section>
  );
}
