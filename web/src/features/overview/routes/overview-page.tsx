import { DEFAULT_STATS_DAYS, statsPeriods } from '@torque/contract';
import { useSearchParams } from 'react-router';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { useStats } from '../api/get-stats.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { DailyChart } from '../components/daily-chart.tsx';
import { Figures } from '../components/figures.tsx';
import { formatLongDay } from '../components/format.ts';
import { LowStock } from '../components/low-stock.tsx';
import { TopPartsChart } from '../components/top-parts-chart.tsx';

type Period = (typeof statsPeriods)[number];
const isPeriod = (n: number): n is Period => (statsPeriods as readonly number[]).includes(n);

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * `/dashboard/overview` (admin, issue 17): the shop's figures for the last 7, 30 or 90 days
 * (`?days=`), the period before, and charts whose numbers are also in tables.
 */
export default function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days: Period = isPeriod(asked) ? asked : DEFAULT_STATS_DAYS;
  const stats = useStats(days);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Overview">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-base-content/80">
            {stats.data ? (
              <>
                {formatLongDay(stats.data.from)} – {formatLongDay(stats.data.to)}, days in {stats.data.timeZone}
                {'. '}As of {timeFormat.format(stats.dataUpdatedAt)}.
              </>
            ) : (
              'The last days, in the shop’s time zone.'
            )}
          </p>
          <div role="group" aria-label="Period" className="flex gap-1">
            {statsPeriods.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === days}
                className={`btn btn-sm ${p === days ? 'btn-secondary' : 'btn-outline'}`}
                onClick={() => setParams({ days: String(p) })}
              >
                {p} days
              </button>
            ))}
          </div>
        </div>
      </PageHeader>
      <QueryResult query={stats} what="the overview">
        {(data) => (
          <div
            className={`flex flex-col gap-4 ${stats.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={stats.isPlaceholderData}
          >
            <Figures current={data} previous={data.previous} />
            <p className="text-xs text-base-content/80">
              Compared with the {days} days before: {formatLongDay(data.previous.from)} –{' '}
              {formatLongDay(data.previous.to)}. Revenue counts orders on the day they were paid.
            </p>
            <DailyChart daily={data.daily} />
            <div className="grid gap-4 xl:grid-cols-2">
              <TopPartsChart parts={data.topParts} />
              <LowStock parts={data.lowStock} />
            </div>
          </div>
        )}
      </QueryResult>
    </section>
  );
}
