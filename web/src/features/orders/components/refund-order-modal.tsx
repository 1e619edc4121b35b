import type { Order } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useRefundOrder } from '../api/refund-order.ts';

/**
 * Issue 29: "Refund this order?" for a paid, unshipped order. The server gives the payment back
 * and issues a credit note; a refusal (409: shipped meanwhile, refunded already) is a toast.
 */
export function RefundOrderModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const refund = useRefundOrder();

  function confirm() {
    if (!order) return;
    refund.mutate(order._id, {
      onSuccess: (refunded) => {
        const note = refunded.creditNotes?.at(-1)?.number;
        toast.success(note ? `Order refunded: credit note ${note}` : 'Order refunded');
        onClose();
      },
      onError: (error) => {
        toast.error(error.message);
        onClose();
      },
    });
  }

  return (
    <ConfirmModal
      open={order !== null}
      title="Refund this order?"
      confirmLabel="Refund"
      busy={refund.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {order ? (
        <p>
          <strong className="break-all">{order.email}</strong> gets <strong>{formatMoney(order.price)}</strong> back for{' '}
          <strong>{order.name}</strong>, and a credit note is issued. The order will not ship.
        </p>
      ) : null}
    </ConfirmModal>
  );
}
