import { z } from 'zod';
import { id, wholeNumber } from './common.ts';

/** The periods the overview offers; the API takes any whole number of days from 1 to 366. */
export const statsPeriods = [7, 30, 90] as const;
export const DEFAULT_STATS_DAYS = 30;

/** Query of `GET /api/stats` (admin). */
export const statsQuery = z.object({
  days: wholeNumber('days', 1, 366).default(DEFAULT_STATS_DAYS),
});
export type StatsQuery = z.input<typeof statsQuery>;

/** A shop-local calendar day, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The figures of one period. Money is in dollars. `revenue`, `paidOrders` and
 * `averageOrderValue` count orders by the day they were paid; `unpaidOrders` the orders placed in
 * the period and still unpaid; `shippedOrders` by the day they were shipped.
 */
export const statsFigures = z.object({
  from: day,
  to: day,
  revenue: z.number(),
  paidOrders: z.number().int(),
  unpaidOrders: z.number().int(),
  shippedOrders: z.number().int(),
  averageOrderValue: z.number(),
});
export type StatsFigures = z.infer<typeof statsFigures>;

export const statsResponse = statsFigures.extend({
  /** The shop's time zone (IANA), in which the days are counted. */
  timeZone: z.string(),
  previous: statsFigures,
  /** One entry per day of the period, oldest first; a day without orders has zeros. */
  daily: z.array(z.object({ date: day, revenue: z.number(), orders: z.number().int() })),
  /** The five parts that brought the most revenue in the period (by payment day). */
  topParts: z.array(
    z.object({ partId: id.nullable(), name: z.string(), revenue: z.number(), quantity: z.number().int() }),
  ),
  /** Parts whose stock is below their minimum order: nobody can order them. */
  lowStock: z.array(
    z.object({ _id: id, name: z.string(), available: z.number().int(), minimunOrder: z.number().int() }),
  ),
});
export type StatsResponse = z.infer<typeof statsResponse>;
