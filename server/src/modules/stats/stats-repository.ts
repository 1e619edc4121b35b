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
  revenue_cents: string | number;
  paid_orders: string | number;
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

      const periodsQuery = sql`${bounds},
        paid as (
          select
            coalesce(sum(o.total_cents) filter (where o.paid_at >= t.cur_start), 0) as cur_revenue,
            count(*) filter (where o.paid_at >= t.cur_start) as cur_paid,
            coalesce(sum(o.total_cents) filter (where o.paid_at < t.cur_start), 0) as prev_revenue,
            count(*) filter (where o.paid_at < t.cur_start) as prev_paid
          from t join orders o on o.paid_at >= t.prev_start and o.paid_at < t.cur_end
        ),
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
          cur_revenue as revenue_cents, cur_paid as paid_orders, cur_unpaid as unpaid_orders, cur_shipped as shipped_orders
        from t, paid, unpaid, shipped
        union all
        select 'previous', to_char(prev_from, 'YYYY-MM-DD'), to_char(prev_to, 'YYYY-MM-DD'),
          prev_revenue, prev_paid, prev_unpaid, prev_shipped
        from t, paid, unpaid, shipped`;

      const dailyQuery = sql`${bounds},
        per_day as (
          select (o.paid_at at time zone ${timeZone})::date as d, sum(o.total_cents) as cents, count(*) as n
          from t join orders o on o.paid_at >= t.cur_start and o.paid_at < t.cur_end
          group by 1
        )
        select to_char(g.d, 'YYYY-MM-DD') as date, coalesce(p.cents, 0) as cents, coalesce(p.n, 0) as orders
        from t, generate_series(t.cur_from, t.cur_to, interval '1 day') as g(d)
        left join per_day p on p.d = g.d::date
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
      const current = figures(periods.find((r) => r.period === 'current')!);
      const previous = figures(periods.find((r) => r.period === 'previous')!);
      return {
        ...current,
        previous,
        daily: daily.map((r) => ({ date: r.date, revenue: toDollars(Number(r.cents)), orders: Number(r.orders) })),
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

function figures(row: PeriodRow): StatsFigures {
  const cents = Number(row.revenue_cents);
  const paid = Number(row.paid_orders);
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
