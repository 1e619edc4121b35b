import type { CartLine, PartSuccessor } from '@torque/contract';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { YourPrice } from '@/components/parts/your-price.tsx';
import { LineQuantity } from './line-quantity.tsx';

interface CartLineItemProps {
  line: CartLine;
  /** A request for this cart is on its way: the line waits for its answer. */
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  onReplace: (successor: PartSuccessor) => void;
  /** Why checkout refused this line (its 409), shown with the line's own problem. */
  refusal?: string | undefined;
}

/** One line: the part, its unit price, the editable quantity, the line's total, Remove, and what is wrong with it. */
export function CartLineItem({ line, busy, onQuantity, onRemove, onReplace, refusal }: CartLineItemProps) {
  const { problem } = line;
  const flagged = problem !== null || refusal !== undefined;
  return (
    <li
      className={`card border bg-base-100 shadow-sm ${flagged ? 'border-red-300' : 'border-base-300'}`}
      aria-label={`${line.partNumber} ${line.name}`}
    >
      <div className="card-body gap-3 p-4">
        <div className="flex flex-col gap-3 lg:grid lg:grid-cols-[minmax(0,1fr)_5.5rem_6.5rem_6.5rem_auto] lg:items-center lg:gap-4">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <img
              src={line.img}
              alt=""
              width={80}
              height={60}
              loading="lazy"
              className="aspect-[4/3] w-16 shrink-0 rounded-field bg-base-200 object-cover sm:w-20"
            />
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold wrap-anywhere">{line.partNumber}</p>
              {/* h2: the lines sit right under the page's h1 (Lighthouse's heading order). */}
              <h2 className="font-medium wrap-anywhere">{line.name}</h2>
              <p className="text-xs text-base-content/80">
                {line.brand} · minimum order {formatCount(line.minimunOrder)} · {formatCount(line.available)} available
              </p>
            </div>
          </div>
          {/* Unit price, quantity, total: a row of their own on a phone, the grid's middle columns on a laptop. */}
          <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-3 lg:contents">
            <div className="flex flex-col gap-1">
              <span className="text-xs text-base-content/80">Unit price</span>
              <span className="py-1 text-sm">
                {line.publicUnitPrice !== undefined ? (
                  <YourPrice yours={line.unitPrice} list={line.publicUnitPrice} />
                ) : (
                  formatMoney(line.unitPrice)
                )}
              </span>
            </div>
            <LineQuantity partNumber={line.partNumber} quantity={line.quantity} disabled={busy} onCommit={onQuantity} />
            <div className="flex flex-col items-end gap-1 text-right">
              <span className="text-xs text-base-content/80">Line total</span>
              <span className="py-1 text-sm font-semibold">{formatMoney(line.total)}</span>
            </div>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm self-end text-red-700 lg:self-center"
            disabled={busy}
            onClick={onRemove}
          >
            Remove<span className="sr-only"> {line.partNumber}</span>
          </button>
        </div>
        {problem ? (
          <div className="flex flex-wrap items-center gap-2 rounded-field bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="flex-1">{problem.message}</p>
            {problem.code === 'SUPERSEDED' && problem.successor ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={() => onReplace(problem.successor!)}
              >
                Replace with {problem.successor.partNumber}
              </button>
            ) : null}
          </div>
        ) : null}
        {refusal && refusal !== problem?.message ? (
          <p className="rounded-field bg-red-50 px-3 py-2 text-sm text-red-800">{refusal}</p>
        ) : null}
      </div>
    </li>
  );
}
