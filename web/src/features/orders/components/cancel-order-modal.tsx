import type { Order } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';

interface CancelOrderModalProps {
  /** The order to cancel; null keeps the modal closed. */
  order: Order | null;
  onClose: () => void;
}

/** PRODUCT.md §2: 'Are you sure you want to delete?' with the item's name, Close and Delete. */
export function CancelOrderModal({ order, onClose }: CancelOrderModalProps) {
  const cancel = useCancelOrder();

  function confirm() {
    if (!order) return;
    cancel.mutate(order._id, {
      onSuccess: () => {
        toast.success('Order cancelled');
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
      title="Are you sure you want to delete?"
      busy={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {order ? (
        <p>
          Your order of <strong>{order.name}</strong> will be cancelled.
        </p>
      ) : null}
    </ConfirmModal>
  );
}
