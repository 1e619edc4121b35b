/** Dollars as the API speaks them ⇄ integer cents as the database stores them. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
/** Cents as people read them in e-mail and invoices: $1,234.50. */
export const formatCents = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
