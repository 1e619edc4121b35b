import type { Order } from '@torque/contract';
import { formatDateTime } from '@/lib/format.ts';
import { useDownloadCreditNote } from '../api/download-credit-note.ts';

/** An order's credit notes (issue 29), each a PDF to download; nothing when it has none. */
export function CreditNotes({ order, compact = false }: { order: Order; compact?: boolean }) {
  const download = useDownloadCreditNote();
  if (order.creditNotes.length === 0) return null;
  return (
    <div className={compact ? 'text-xs' : 'text-sm'}>
      <p className="font-medium">Credit notes</p>
      <ul className="flex flex-col gap-0.5" aria-label={`Credit notes for ${order.name}`}>
        {order.creditNotes.map((note) => (
          <li key={note.number} className="flex flex-wrap items-baseline gap-x-2">
            <button
              type="button"
              className="link font-medium text-amber-800"
              aria-label={`Download credit note ${note.number} (PDF)`}
              disabled={download.isPending}
              onClick={() => download.mutate({ orderId: order._id, number: note.number })}
            >
              {note.number} (PDF)
            </button>
            <time className="text-base-content/80" dateTime={note.issuedAt}>
              {formatDateTime(note.issuedAt)}
            </time>
          </li>
        ))}
      </ul>
      {download.error ? (
        <p role="alert" className="text-error">
          {download.error.message}
        </p>
      ) : null}
    </div>
  );
}
