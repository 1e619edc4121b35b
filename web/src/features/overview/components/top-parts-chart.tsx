import type { StatsResponse } from '@torque/contract';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { ChartCard, ChartTooltip } from './chart-card.tsx';
import { FigureTable } from './figure-table.tsx';
import { useChartCursor } from './use-chart-cursor.ts';
import { useWidth } from './use-width.ts';

type TopPart = StatsResponse['topParts'][number];

const ROW = 48;
/** A deleted part has no id: its name tells it apart. */
const keyOf = (p: TopPart) => `${p.partId ?? 'deleted'}-${p.name}`;
const VALUE_SPACE = 84;

/** Names longer than the row get an ellipsis (about 7 px a character at 13 px). */
const fit = (name: string, width: number) => {
  const room = Math.max(8, Math.floor(width / 7));
  return name.length > room ? `${name.slice(0, room - 1)}…` : name;
};

/** Below the active row, or above it for the last row. */
const tooltipTop = (active: number | null, count: number) =>
  active === null ? 0 : active < count - 1 || count === 1 ? (active + 1) * ROW : active * ROW - 76;

/** The five parts with the most revenue: one horizontal bar each, the name above it. */
export function TopPartsChart({ parts }: { parts: TopPart[] }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const height = Math.max(1, parts.length) * ROW;
  const barSpace = Math.max(0, width - VALUE_SPACE);
  const y = scaleBand({ domain: parts.map((_, i) => i), range: [0, height], padding: 0 });
  const x = scaleLinear({ domain: [0, Math.max(1, ...parts.map((p) => p.revenue))], range: [0, barSpace] });
  const cursor = useChartCursor(parts.length, (_, py) => {
    const i = Math.floor(py / ROW);
    return i >= 0 && i < parts.length ? i : null;
  });
  const active = cursor.active === null ? null : parts[cursor.active];

  return (
    <ChartCard
      title="Top 5 parts by revenue"
      summary="One bar per part, longest for the most revenue. Focus the chart and use the arrow keys to read each part, or show the table."
      table={
        <FigureTable
          caption="Top 5 parts by revenue"
          columns={['Part', 'Revenue', 'Units']}
          rows={parts.map((p) => ({
            key: keyOf(p),
            name: p.name,
            values: [formatMoney(p.revenue), formatCount(p.quantity)],
          }))}
        />
      }
    >
      {parts.length === 0 ? (
        <p className="text-base-content/80">No part was paid for in this period.</p>
      ) : (
        <div
          ref={ref}
          tabIndex={0}
          role="group"
          aria-label="Top 5 parts by revenue: use the arrow keys to read each part"
          className="relative rounded-box focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          style={{ height }}
          {...cursor.handlers}
        >
          {width > 0 ? (
            <svg width={width} height={height} aria-hidden="true" className="block" data-testid="top-parts-chart">
              {parts.map((p, i) => (
                <Group key={keyOf(p)} top={y(i) ?? 0}>
                  {cursor.active === i ? <rect width={width} height={ROW} className="fill-base-200" /> : null}
                  <text x={0} y={16} fontSize={13} className="fill-base-content">
                    {fit(p.name, width)}
                  </text>
                  <Bar x={0} y={24} height={16} width={Math.max(2, x(p.revenue))} rx={3} className="fill-accent" />
                  <text x={Math.max(2, x(p.revenue)) + 6} y={37} fontSize={12} className="fill-base-content">
                    {formatMoney(p.revenue)}
                  </text>
                </Group>
              ))}
            </svg>
          ) : null}
          <ChartTooltip
            x={active ? Math.min(barSpace, x(active.revenue)) : null}
            top={tooltipTop(cursor.active, parts.length)}
            width={width}
          >
            {active ? (
              <>
                <span className="block font-semibold">{active.name}</span>
                <span className="block">Revenue {formatMoney(active.revenue)}</span>
                <span className="block">Units {formatCount(active.quantity)}</span>
              </>
            ) : null}
          </ChartTooltip>
        </div>
      )}
    </ChartCard>
  );
}
