import type { ReorderResult } from '@torque/contract';
import { formatMoney } from '@/lib/format.ts';

type Change = ReorderResult['changes'][number];

function describe(change: Change): string {
  const who = change.partNumber ? `${change.partNumber} ${change.name}` : change.name;
  if (change.code === 'PRICE_CHANGED' && change.before !== undefined && change.after !== undefined)
    return `${who}: price changed from ${formatMoney(change.before)} to ${formatMoney(change.after)}`;
  if (change.code === 'REPLACED' && change.successor) return `${who}: replaced by ${change.successor.partNumber}`;
  if (change.code === 'UNAVAILABLE') return `${who}: unavailable. ${change.message}`;
  return `${who}: ${change.message}`;
}

/** After "Order again": the past order's lines are in the cart at today's prices; this says what changed. */
export function ReorderChanges({ changes, onDismiss }: { changes: Change[]; onDismiss: () => void }) {
  return (
    <div aria-live="polite" className="alert alert-info flex flex-col items-start gap-2">
      <p className="font-semibold">
        {changes.length === 0
          ? 'Your past order is in the cart, at the same prices.'
          : 'Your past order is in the cart. Since you ordered it:'}
      </p>
      {changes.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {changes.map((change, index) => (
            <li key={`${change.partId ?? change.name}-${index}`} className="wrap-anywhere">
              {describe(change)}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="btn btn-ghost btn-xs" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
