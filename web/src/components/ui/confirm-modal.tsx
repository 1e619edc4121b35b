import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A native `<dialog>` confirm box (focus trap, Escape and the top layer come with it), e.g.
 * PRODUCT.md §2's 'Are you sure you want to delete?' with Close and Delete.
 */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Close',
  busy = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect, not an effect: the dialog opens and closes in the same frame as the render
  // that asked for it (Preact runs effects after the paint, so with an effect the list behind a
  // closing dialog could already show its new state while the dialog was still up).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children ? <div className="py-4">{children}</div> : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner size="sm" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
