import type { StatsFigures } from '@torque/contract';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { formatChange, percentChange } from './format.ts';

interface Figure {
  label: string;
  key: keyof Omit<StatsFigures, 'from' | 'to'>;
  format: (n: number) => string;
  note: string;
}

const FIGURES: Figure[] = [
  { label: 'Revenue', key: 'revenue', format: formatMoney, note: 'paid in the period' },
  { label: 'Paid orders', key: 'paidOrders', format: formatCount, note: 'paid in the period' },
  { label: 'Average order value', key: 'averageOrderValue', format: formatMoney, note: 'revenue ÷ paid orders' },
  { label: 'Placed, unpaid', key: 'unpaidOrders', format: formatCount, note: 'placed in the period, not paid yet' },
  { label: 'Shipped', key: 'shippedOrders', format: formatCount, note: 'shipped in the period' },
];

/** The period's figures, each with the period before's and the change in percent. */
export function Figures({ current, previous }: { current: StatsFigures; previous: StatsFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 xl:grid-cols-5">
      {FIGURES.map((f) => {
        const change = percentChange(current[f.key], previous[f.key]);
        return (
          <div key={f.key} className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">
            <dt className="text-sm font-medium text-base-content/80">{f.label}</dt>
            <dd className="text-xl font-bold tabular-nums sm:text-2xl">{f.format(current[f.key])}</dd>
            <dd className="text-xs text-base-content/80">{f.note}</dd>
            <dd className="text-sm text-base-content/80">
              <span className="font-medium text-base-content">{formatChange(change)}</span>
              <span className="sr-only"> compared with </span>
              <span aria-hidden="true"> · </span>
              before: <span className="tabular-nums">{f.format(previous[f.key])}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
