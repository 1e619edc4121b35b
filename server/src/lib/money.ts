/** Dollars as the API speaks them ⇄ integer cents as the database stores them. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
/**
 * One formatter for every amount: `toLocaleString` with options builds a new Intl.NumberFormat on
 * every call, which the profile of a checkout (its e-mail lists every line) showed as the
 * server's most expensive function of its own.
 */
const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Cents as people read them in e-mail and invoices: $1,234.50. */
export const formatCents = (cents: number): string => `$${dollars.format(cents / 100)}`;
