import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The SQL of the admin overview, over the orders and parts tables (the rules that turn its rows
 * into figures are stats-service.ts's).
 *
 * Days are the shop's calendar days (`SHOP_TIMEZONE`): a period of N days is today and the N − 1
 * days before it, and its bounds are the local midnights turned into instants with
 * `AT TIME ZONE`, so the range conditions use the indexes on orders(paid_at), orders(created_at)
 * and orders(shipped_at) (migration 0001_stats_indexes).
 */
export interface PeriodOptions {
  days: number;
  timeZone: string;
  now: Date;
}

/** The name of the top-parts row for orders whose part is no longer in the catalogue. */
export const DELETED_PARTS = 'Deleted parts';

/** Orders placed and still unpaid, and orders shipped, in one period. */
export interface PeriodRow {
  period: 'current' | 'previous';
  from: string;
  to: string;
  unpaidOrders: number;
  shippedOrders: number;
}

/** Money received on one shop-local day (by payment day), in cents, and how many orders paid. */
export interface DayRow {
  date: string;
  cents: number;
  orders: number;
}

export interface TopPartRow {
  partId: string | null;
  name: string;
  cents: number;
  quantity: number;
}

export interface LowStockRow {
  id: string;
  name: string;
  available: number;
  minimumOrder: number;
}

export interface OverviewRows {
  periods: PeriodRow[];
  /** Every day of the previous period then the current one, oldest first. */
  daily: DayRow[];
  /** The current period's five parts with the most revenue. */
  top: TopPartRow[];
  lowStock: LowStockRow[];
}

/** count() and sum() may arrive as text (bigint and numeric through node-postgres). */
type Count = string | number;

export function createStatsRepository(db: Db) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await db.execute(query)).rows as T[];
  }

  return {
    async overview({ days, timeZone, now }: PeriodOptions): Promise<OverviewRows> {
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
          select coalesce(sum(coalesce(o.net_cents, o.total_cents - o.tax_cents)), 0) as cents, count(*) as orders
          from orders o
          where o.paid_at >= (g.d::date::timestamp at time zone ${timeZone})
            and o.paid_at < ((g.d::date + 1)::timestamp at time zone ${timeZone})
        ) as s
        order by g.d`;

      // Summed over the lines of the period's paid orders (issue 27: an order of several parts
      // counts each part's line); the names come from the five parts. Lines whose part was deleted
      // since are one row, "Deleted parts".
      const topQuery = sql`${bounds},
        top as (
          select l.part_id, sum(l.total_cents) as cents, sum(l.quantity) as quantity
          from t join orders o on o.paid_at >= t.cur_start and o.paid_at < t.cur_end
            join order_lines l on l.order_id = o.id
          group by l.part_id
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
        rows<{ period: 'current' | 'previous'; from: string; to: string; unpaid_orders: Count; shipped_orders: Count }>(
          periodsQuery,
        ),
        rows<{ date: string; cents: Count; orders: Count }>(dailyQuery),
        rows<{ part_id: string | null; name: string; cents: Count; quantity: Count }>(topQuery),
        rows<{ id: string; name: string; available: number; minimum_order: number }>(lowStockQuery),
      ]);
      return {
        periods: periods.map((r) => ({
          period: r.period,
          from: r.from,
          to: r.to,
          unpaidOrders: Number(r.unpaid_orders),
          shippedOrders: Number(r.shipped_orders),
        })),
        daily: daily.map((r) => ({ date: r.date, cents: Number(r.cents), orders: Number(r.orders) })),
        top: top.map((r) => ({
          partId: r.part_id,
          name: r.name,
          cents: Number(r.cents),
          quantity: Number(r.quantity),
        })),
        lowStock: low.map((r) => ({
          id: r.id,
          name: r.name,
          available: Number(r.available),
          minimumOrder: Number(r.minimum_order),
        })),
      };
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;
