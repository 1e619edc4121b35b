import type { StatsFigures, StatsResponse } from '@torque/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';

/**
 * The admin overview's figures, computed in SQL over the orders and parts tables.
 *
 * Days are the shop's calendar days (`SHOP_TIMEZONE`): a period of N days is today and the N − 1
 * days before it, and its bounds are the local midnights turned into instants with
 * `AT TIME ZONE`, so the range conditions use the indexes on orders(paid_at), orders(created_at)
 * and orders(shipped_at) (migration 0001_stats_indexes).
 *
 * Which day an order counts in: revenue, paid orders, the average and the daily chart count an
 * order on the day it was paid (money received that day); "placed but unpaid" counts orders
 * placed in the period that are still unpaid; "shipped" counts by the day of shipping. So revenue
 * for some days is exactly the sum of the totals of the orders whose `paidAt` falls on those days.
 */
export interface StatsOptions {
  days: number;
  timeZone: string;
  /** The clock; tests may pin it. */
  now?: Date;
}

/** The name of the top-parts row for orders whose part is no longer in the catalogue. */
export const DELETED_PARTS = 'Deleted parts';

interface PeriodRow {
  period: 'current' | 'previous';
  from: string;
  to: string;
  unpaid_orders: string | number;
  shipped_orders: string | number;
}

export function createStatsRepository(db: Db) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await db.execute(query)).rows as T[];
  }

  return {
    async overview({ days, timeZone, now = new Date() }: StatsOptions): Promise<Omit<StatsResponse, 'timeZone'>> {
      // The periods as local dates and as the instants of their local midnights.
      const bounds = sql`
        with today as (select (${now.toISOString()}::timestamptz at time zone ${timeZone})::date as d),
        b as (
          select
            d - ${days}::int + 1 as cur_from,
            d as cur_to,
            d - 2 * ${days}::int + 1 as prev_from,
            d - ${days}::int as prev_to
          from today
        ),
        t as (
          select b.*,
            (cur_from::timestamp at time zone ${timeZone}) as cur_start,
            ((cur_to + 1)::timestamp at time zone ${timeZone}) as cur_end,
            (prev_from::timestamp at time zone ${timeZone}) as prev_start
          from b
        )`;

      // Unpaid and shipped counts; revenue and paid orders are summed from the days below.
      const periodsQuery = sql`${bounds},
        unpaid as (
          select
            count(*) filter (where o.created_at >= t.cur_start) as cur_unpaid,
            count(*) filter (where o.created_at < t.cur_start) as prev_unpaid
          from t join orders o on o.created_at >= t.prev_start and o.created_at < t.cur_end and o.paid_at is null
        ),
        shipped as (
          select
            count(*) filter (where o.shipped_at >= t.cur_start) as cur_shipped,
            count(*) filter (where o.shipped_at < t.cur_start) as prev_shipped
          from t join orders o on o.shipped_at >= t.prev_start and o.shipped_at < t.cur_end
        )
        select 'current' as period, to_char(cur_from, 'YYYY-MM-DD') as "from", to_char(cur_to, 'YYYY-MM-DD') as "to",
          cur_unpaid as unpaid_orders, cur_shipped as shipped_orders
        from t, unpaid, shipped
        union all
        select 'previous', to_char(prev_from, 'YYYY-MM-DD'), to_char(prev_to, 'YYYY-MM-DD'), prev_unpaid, prev_shipped
        from t, unpaid, shipped`;

      // Every day of both periods, oldest first, each summed by its own index-only range scan
      // between its local midnights (4× faster than converting every order's instant to a local
      // date and grouping). The periods' revenue and paid orders are these days' sums, so they
      // match the chart exactly; a day without orders sums to zero.
      const dailyQuery = sql`${bounds}
        select to_char(g.d, 'YYYY-MM-DD') as date, s.cents, s.orders
        from t, generate_series(t.prev_from, t.cur_to, interval '1 day') as g(d),
        lateral (
          select coalesce(sum(o.total_cents), 0) as cents, count(*) as orders
          from orders o
          where o.paid_at >= (g.d::date::timestamp at time zone ${timeZone})
            and o.paid_at < ((g.d::date + 1)::timestamp at time zone ${timeZone})
        ) as s
        order by g.d`;

      // Summed from the paid_at index alone (it carries part, quantity and total); the names come
      // from the five parts. Orders whose part was deleted since are one row, "Deleted parts".
      const topQuery = sql`${bounds},
        top as (
          select o.part_id, sum(o.total_cents) as cents, sum(o.quantity) as quantity
          from t join orders o on o.paid_at >= t.cur_start and o.paid_at < t.cur_end
          group by o.part_id
          order by cents desc
          limit 5
        )
        select top.part_id, coalesce(p.name, ${DELETED_PARTS}) as name, top.cents, top.quantity
        from top left join parts p on p.id = top.part_id
        order by top.cents desc, name asc`;

      const lowStockQuery = sql`
        select id, name, available, minimum_order from parts
        where available < minimum_order
        order by available asc, name asc
        limit 100`;

      const [periods, daily, top, low] = await Promise.all([
        rows<PeriodRow>(periodsQuery),
        rows<{ date: string; cents: string | number; orders: string | number }>(dailyQuery),
        rows<{ part_id: string | null; name: string; cents: string | number; quantity: string | number }>(topQuery),
        rows<{ id: string; name: string; available: number; minimum_order: number }>(lowStockQuery),
      ]);
      const perDay = daily.map((r) => ({ date: r.date, cents: Number(r.cents), orders: Number(r.orders) }));
      const current = figures(
        periods.find((r) => r.period === 'current')!,
        perDay.slice(days),
      );
      const previous = figures(
        periods.find((r) => r.period === 'previous')!,
        perDay.slice(0, days),
      );
      return {
        ...current,
        previous,
        daily: perDay.slice(days).map((d) => ({ date: d.date, revenue: toDollars(d.cents), orders: d.orders })),
        topParts: top.map((r) => ({
          partId: r.part_id,
          name: r.name,
          revenue: toDollars(Number(r.cents)),
          quantity: Number(r.quantity),
        })),
        lowStock: low.map((r) => ({
          _id: r.id,
          name: r.name,
          available: Number(r.available),
          minimunOrder: Number(r.minimum_order),
        })),
      };
    },
  };
}

function figures(row: PeriodRow, days: { cents: number; orders: number }[]): StatsFigures {
  const cents = days.reduce((sum, d) => sum + d.cents, 0);
  const paid = days.reduce((sum, d) => sum + d.orders, 0);
  return {
    from: row.from,
    to: row.to,
    revenue: toDollars(cents),
    paidOrders: paid,
    unpaidOrders: Number(row.unpaid_orders),
    shippedOrders: Number(row.shipped_orders),
    averageOrderValue: paid === 0 ? 0 : toDollars(Math.round(cents / paid)),
  };
}
