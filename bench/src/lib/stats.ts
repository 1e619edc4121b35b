export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (n: number, digits = 0) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

/** 12345.6 → "12,346". */
export const thousands = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
