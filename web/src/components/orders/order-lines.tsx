import type { OrderLine } from '@torque/contract';
import { YourPrice } from '@/components/parts/your-price.tsx';
import { formatCount, formatMoney } from '@/lib/format.ts';

/**
 * An order's lines (issue 27) as they were sold: part number, name, quantity × unit price and the
 * line's total. Shown only for an order of several lines: a one-line order's figures are the
 * order's own and it looks as it always did. Issue 30: a line a price list made cheaper shows
 * "Your price" with the public price it was placed beside struck through (`publicUnitPrice`).
 */
export function OrderLines({ lines, compact = false }: { lines: OrderLine[]; compact?: boolean }) {
  if (lines.length < 2) return null;
  return (
    <ul
      aria-label={`${lines.length} lines`}
      className={`flex flex-col divide-y divide-base-300 rounded-field border border-base-300 ${compact ? 'text-xs' : 'text-sm'}`}
    >
      {lines.map((line, index) => (
        <li
          key={`${line.partId ?? line.name}-${index}`}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-1.5"
        >
          <span className="min-w-0 flex-1 basis-40">
            {line.partNumber ? (
              <span className="mr-2 font-mono font-semibold wrap-anywhere">{line.partNumber}</span>
            ) : null}
            <span className="wrap-anywhere">{line.name}</span>
          </span>
          <span className="flex flex-wrap items-baseline gap-x-1 whitespace-nowrap text-base-content/80">
            {formatCount(line.quantity)} ×{' '}
            {line.publicUnitPrice !== undefined ? (
              <YourPrice yours={line.unitPrice} list={line.publicUnitPrice} />
            ) : (
              formatMoney(line.unitPrice)
            )}
          </span>
          <span className="ml-auto whitespace-nowrap font-semibold">{formatMoney(line.total)}</span>
        </li>
      ))}
    </ul>
  );
}
