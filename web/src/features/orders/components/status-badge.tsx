import type { OrderStatus } from './order-status.ts';

const look: Record<OrderStatus, string> = {
  Unpaid: 'badge-warning',
  Pending: 'badge-info',
  Shipped: 'badge-success',
  Expired: 'badge-neutral',
  Refunded: 'badge-error',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-sm ${look[status]}`}>{status}</span>;
}
