import { orderMessages, type Part } from '@torque/contract';

type Stock = Pick<Part, 'minimunOrder' | 'available'>;

export function isStockOut(part: Pick<Part, 'available'>): boolean {
  return part.available <= 0;
}

/**
 * PRODUCT.md §5's quantity rules, checked as the user types: what is wrong with `raw` (the input's
 * text), or null when it can be ordered. The same messages come back from the server.
 */
export function quantityProblem(raw: string, part: Stock): string | null {
  const text = raw.trim();
  if (text === '') return 'Quantity is required';
  if (!/^\d+$/.test(text)) return 'Quantity must be a whole number';
  const quantity = Number(text);
  if (quantity < part.minimunOrder) return orderMessages.belowMinimum;
  if (quantity > part.available) return orderMessages.aboveAvailable;
  return null;
}
