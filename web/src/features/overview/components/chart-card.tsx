import { useId, useState, type ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  /** What is drawn, for a screen reader reaching the chart. */
  summary: string;
  legend?: ReactNode;
  /** The chart: drawn for sighted people; its numbers are in the table. */
  children: ReactNode;
  /** The chart's numbers, shown with the toggle. */
  table: ReactNode;
}

/** A chart with its text alternative: a table behind a Show table toggle. */
export function ChartCard({ title, summary, legend, children, table }: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section aria-labelledby={headingId} className="card min-w-0 border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold">
            {title}
          </h3>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </button>
        </div>
        <p className="sr-only">{summary}</p>
        {legend}
        {children}
        <div id={tableId} hidden={!showTable}>
          {showTable ? table : null}
        </div>
      </div>
    </section>
  );
}

/** The floating box of a chart's tooltip; announced as it changes, for keyboard users. */
export function ChartTooltip({
  x,
  top = 4,
  width,
  children,
}: {
  x: number | null;
  top?: number;
  width: number;
  children: ReactNode;
}) {
  const left = x === null ? 0 : Math.max(0, Math.min(width - 176, x - 88));
  return (
    <div
      aria-live="polite"
      className={`pointer-events-none absolute z-10 w-44 rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm shadow-md ${x === null ? 'sr-only' : ''}`}
      style={x === null ? undefined : { left, top }}
    >
      {children}
    </div>
  );
}
