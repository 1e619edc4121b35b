const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the store shows them: $1,234.50. */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

const count = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return count.format(value);
}

/** A moment in the reader's own locale and time zone: "Nov 24, 2026, 3:05 PM". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
