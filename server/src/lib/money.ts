/** Dollars as the API speaks them ⇄ integer cents as the database stores them. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
