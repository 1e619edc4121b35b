import type { Order } from '@torque/contract';
import { isOverdue } from '@torque/contract/account-rules';

/**
 * Issue 30 (PRODUCT.md §26): an order on account in one line, "On account · due <date> · PO …",
 * with "Overdue" once its due date has passed unpaid and the day the payment arrived once recorded.
 * Nothing for a card order.
 */
export function OrderAccount({ order, compact = false }: { order: Order; compact?: boolean }) {
  const account = order.account;
  if (!account) return null;
  const overdue = isOverdue(order);
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${compact ? 'text-xs' : 'text-sm'}`}>
      <span>
        On account · due <time dateTime={account.dueOn}>{account.dueOn}</time>
        {account.poNumber ? (
          <>
            {' · '}
            <span className="inline-block max-w-full font-mono wrap-anywhere">PO {account.poNumber}</span>
          </>
        ) : null}
        {account.paidOn ? ` · paid on ${account.paidOn}` : null}
      </span>
      {overdue ? <span className="badge badge-sm border-red-800 bg-red-800 text-white">Overdue</span> : null}
    </p>
  );
}
