import { quantityRefusal, type StockLevel } from '@torque/contract/quantity-rule';

export { isStockOut } from '@torque/contract/quantity-rule';

/**
 * What is wrong with `raw` (the quantity input's text), or null when it can be ordered: the
 * text must be a whole number, then PRODUCT.md §5's rules apply (`quantityRefusal`, the same
 * function whose messages the server answers with).
 */
export function quantityProblem(raw: string, part: StockLevel): string | null {
  const text = raw.trim();
  if (text === '') return 'Quantity is required';
  if (!/^\d+$/.test(text)) return 'Quantity must be a whole number';
  return quantityRefusal(Number(text), part)?.message ?? null;
}
