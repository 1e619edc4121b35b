import type { StatsFigures, StatsResponse } from '@torque/contract';
import { toDollars } from '../../lib/money.ts';
import type { DayRow, PeriodRow, StatsRepository } from './stats-repository.ts';

/**
 * The admin overview's figures. Which day an order counts in: revenue, paid orders, the average
 * and the daily chart count an order on the day it was paid (money received that day); "placed
 * but unpaid" counts orders placed in the period that are still unpaid; "shipped" counts by the
 * day of shipping. So revenue for some days is exactly the sum of the totals of the orders whose
 * `paidAt` falls on those days: a period's revenue and paid orders are its days' sums.
 */
export function createStatsService(deps: {
  repository: StatsRepository;
  /** The shop's time zone (SHOP_TIMEZONE), whose calendar days are counted. */
  timeZone: string;
  /** The clock; tests may pin it. */
  now?: () => Date;
}) {
  const { repository, timeZone, now = () => new Date() } = deps;
  return {
    /** The last `days` days (today included) and the `days` before them. */
    async overview(days: number): Promise<StatsResponse> {
      const rows = await repository.overview({ days, timeZone, now: now() });
      const current = figures(
        rows.periods.find((r) => r.period === 'current')!,
        rows.daily.slice(days),
      );
      const previous = figures(
        rows.periods.find((r) => r.period === 'previous')!,
        rows.daily.slice(0, days),
      );
      return {
        ...current,
        timeZone,
        previous,
        daily: rows.daily.slice(days).map((d) => ({ date: d.date, revenue: toDollars(d.cents), orders: d.orders })),
        topParts: rows.top.map((r) => ({
          partId: r.partId,
          name: r.name,
          revenue: toDollars(r.cents),
          quantity: r.quantity,
        })),
        lowStock: rows.lowStock.map((r) => ({
          _id: r.id,
          name: r.name,
          available: r.available,
          minimunOrder: r.minimumOrder,
        })),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;

function figures(period: PeriodRow, days: readonly DayRow[]): StatsFigures {
  const cents = days.reduce((sum, d) => sum + d.cents, 0);
  const paid = days.reduce((sum, d) => sum + d.orders, 0);
  return {
    from: period.from,
    to: period.to,
    revenue: toDollars(cents),
    paidOrders: paid,
    unpaidOrders: period.unpaidOrders,
    shippedOrders: period.shippedOrders,
    averageOrderValue: paid === 0 ? 0 : toDollars(Math.round(cents / paid)),
  };
}
