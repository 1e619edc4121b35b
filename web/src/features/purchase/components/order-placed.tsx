import type { Order } from '@torque/contract';
import { Link } from 'react-router';
import { formatCount, formatMoney } from '@/lib/format.ts';

/** After 'Order Successful': what was ordered, and the way straight to paying for it. */
export function OrderPlaced({ order }: { order: Order }) {
  return (
    <div role="status" className="alert alert-success flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <p className="flex-1">
        Order placed: {formatCount(order.quantity)} × {order.name}, {formatMoney(order.price)} in total.
      </p>
      <div className="flex gap-2">
        <Link to={`/checkout/${order._id}`} className="btn btn-sm">
          Pay now
        </Link>
        <Link to="/dashboard/my-orders" className="btn btn-ghost btn-sm">
          My orders
        </Link>
      </div>
    </div>
  );
}
