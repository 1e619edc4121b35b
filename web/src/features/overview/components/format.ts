/** A shop-local day (YYYY-MM-DD) as "Nov 24". The date is a calendar day: no zone shifts it. */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
export const formatLongDay = (date: string) => longDayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * The change from the period before, in percent, one decimal: null when there was nothing before
 * (no percentage of zero exists).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function formatChange(change: number | null): string {
  if (change === null) return 'new: none the period before';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%`;
}
