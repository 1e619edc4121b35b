import type { StatsResponse } from '@torque/contract';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { formatCount, formatMoney } from '@/lib/format.ts';
import { ChartCard, ChartTooltip } from './chart-card.tsx';
import { FigureTable } from './figure-table.tsx';
import { formatDay, formatLongDay } from './format.ts';
import { useChartCursor } from './use-chart-cursor.ts';
import { useWidth } from './use-width.ts';

type Day = StatsResponse['daily'][number];

const HEIGHT = 240;
const margin = { top: 16, right: 40, bottom: 28, left: 60 };
/** The axes in the text colour (currentColor), small labels. */
const axisStyle = {
  stroke: 'currentColor',
  tickStroke: 'currentColor',
  tickLabelProps: { fill: 'currentColor', fontSize: 11 },
} as const;
const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Revenue per day as bars, paid orders per day as a line on its own axis (right). */
export function DailyChart({ daily }: { daily: Day[] }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = HEIGHT - margin.top - margin.bottom;

  const x = scaleBand({ domain: daily.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
  const revenueMax = Math.max(1, ...daily.map((d) => d.revenue));
  const ordersMax = Math.max(1, ...daily.map((d) => d.orders));
  const yRevenue = scaleLinear({ domain: [0, revenueMax], range: [innerHeight, 0], nice: true });
  const yOrders = scaleLinear({ domain: [0, ordersMax], range: [innerHeight, 0], nice: true });
  const step = x.step();
  const every = Math.max(1, Math.ceil(daily.length / Math.max(2, Math.floor(innerWidth / 64))));
  const tickDates = daily.filter((_, i) => (daily.length - 1 - i) % every === 0).map((d) => d.date);
  const center = (d: Day) => (x(d.date) ?? 0) + x.bandwidth() / 2;

  const cursor = useChartCursor(daily.length, (px) => {
    if (step === 0 || daily.length === 0) return null;
    // Each day owns a step: its bar and half the gap either side (the band scale pads the ends too).
    const firstStep = (x(daily[0]!.date) ?? 0) - (step - x.bandwidth()) / 2;
    if (px < margin.left || px > margin.left + innerWidth) return null;
    const i = Math.floor((px - margin.left - firstStep) / step);
    return Math.max(0, Math.min(daily.length - 1, i));
  });
  const active = cursor.active === null ? null : daily[cursor.active];

  return (
    <ChartCard
      title="Revenue and orders per day"
      summary={`Bars show the revenue of each of the ${daily.length} days, a line the paid orders. Focus the chart and use the arrow keys to read each day, or show the table.`}
      legend={
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80" aria-hidden="true">
          <li className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm bg-accent" /> Revenue (left axis)
          </li>
          <li className="flex items-center gap-2">
            <span className="inline-block h-0.5 w-4 bg-warning" /> Paid orders (right axis)
          </li>
        </ul>
      }
      table={
        <FigureTable
          caption="Revenue and paid orders per day"
          columns={['Day', 'Revenue', 'Paid orders']}
          rows={daily.map((d) => ({
            key: d.date,
            name: formatLongDay(d.date),
            values: [formatMoney(d.revenue), formatCount(d.orders)],
          }))}
        />
      }
    >
      <div
        ref={ref}
        tabIndex={0}
        role="group"
        aria-label="Revenue and orders per day: use the arrow keys to read each day"
        className="relative rounded-box text-base-content/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        style={{ height: HEIGHT }}
        {...cursor.handlers}
      >
        {width > 0 ? (
          <svg width={width} height={HEIGHT} aria-hidden="true" className="block" data-testid="daily-chart">
            <Group left={margin.left} top={margin.top}>
              {yRevenue.ticks(4).map((tick) => (
                <line
                  key={tick}
                  x1={0}
                  x2={innerWidth}
                  y1={yRevenue(tick)}
                  y2={yRevenue(tick)}
                  className="stroke-base-300"
                />
              ))}
              {active ? (
                <rect
                  x={(x(active.date) ?? 0) - (step - x.bandwidth()) / 2}
                  width={step}
                  y={0}
                  height={innerHeight}
                  className="fill-base-200"
                />
              ) : null}
              {daily.map((d) => (
                <Bar
                  key={d.date}
                  x={x(d.date)}
                  width={x.bandwidth()}
                  y={yRevenue(d.revenue)}
                  height={innerHeight - yRevenue(d.revenue)}
                  className="fill-accent"
                />
              ))}
              <LinePath
                data={daily}
                x={center}
                y={(d) => yOrders(d.orders)}
                className="stroke-warning"
                strokeWidth={2}
                fill="none"
              />
              {/* Dots only where the days are wide enough to tell them apart. */}
              {step >= 16
                ? daily.map((d) => (
                    <circle key={d.date} cx={center(d)} cy={yOrders(d.orders)} r={3} className="fill-warning" />
                  ))
                : null}
              <AxisLeft
                scale={yRevenue}
                numTicks={4}
                tickFormat={(v) => compactMoney.format(Number(v))}
                {...axisStyle}
              />
              <AxisRight
                left={innerWidth}
                scale={yOrders}
                numTicks={Math.min(4, ordersMax)}
                tickFormat={(v) => formatCount(Number(v))}
                {...axisStyle}
              />
              <AxisBottom top={innerHeight} scale={x} tickValues={tickDates} tickFormat={formatDay} {...axisStyle} />
            </Group>
          </svg>
        ) : null}
        <ChartTooltip x={active ? margin.left + center(active) : null} width={width}>
          {active ? (
            <>
              <span className="block font-semibold">{formatLongDay(active.date)}</span>
              <span className="block">Revenue {formatMoney(active.revenue)}</span>
              <span className="block">Paid orders {formatCount(active.orders)}</span>
            </>
          ) : null}
        </ChartTooltip>
      </div>
    </ChartCard>
  );
}
