import type { Order } from '@torque/contract';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useRecordPayment } from '../api/record-payment.ts';

/** Issue 30: a shop admin records that an order on account was paid (today, no reference). */
export function RecordPaymentButton({ order, label }: { order: Order; label: string }) {
  const record = useRecordPayment();
  if (!order.account || order.payment || order.refundedAt) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-success btn-xs whitespace-nowrap"
        aria-label={label}
        disabled={record.isPending}
        onClick={() => record.mutate({ id: order._id })}
      >
        {record.isPending ? <Spinner size="sm" /> : null}
        Record payment
      </button>
      {record.error ? (
        <span role="alert" className="text-xs text-red-700">
          {record.error.message}
        </span>
      ) : null}
    </>
  );
}
