/**
 * Money and counts as the store shows them, written out by hand rather than with
 * `Intl.NumberFormat`: building the first currency formatter loads ICU's locale data, a 20–55 ms
 * task on a fast machine (80–220 ms with the CPU 4× slower) that every page showing a price paid
 * during its first render (issue 31). The output is Intl's en-US output, character for
 * character (format.test.ts compares them); what falls outside the simple cases (non-finite or
 * huge numbers, fractional counts) is still handed to Intl.
 */

let intlMoney: Intl.NumberFormat | undefined;
let intlCount: Intl.NumberFormat | undefined;

/**
 * 1234567 → "1,234,567" (digits only). A loop, not a look-ahead regular expression: with that,
 * format.ts was 15 ms and 7 ms of the catalogue's first cards' tasks in two cold loads (trace:web,
 * CPU not slowed); with the loop, at most 1 ms in three.
 */
function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/**
 * A non-negative number's decimal digits rounded to two places, half away from zero, as Intl
 * rounds (on the number's shortest decimal form, so 1.005 → 1.01): [whole, cents], or null when
 * the number has no plain decimal form (exponent notation).
 */
function roundToCents(value: number): [string, string] | null {
  const text = String(value);
  if (text.includes('e')) return value < 1e-6 ? ['0', '00'] : null;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= 2) return [whole, fraction.padEnd(2, '0')];
  let cents = BigInt(whole + fraction.slice(0, 2));
  if (fraction[2]! >= '5') cents += 1n;
  return [(cents / 100n).toString(), (cents % 100n).toString().padStart(2, '0')];
}

/** Dollars as the store shows them: $1,234.50 (and -$3.00). */
export function formatMoney(amount: number): string {
  const rounded = Number.isFinite(amount) ? roundToCents(Math.abs(amount)) : null;
  if (!rounded) {
    intlMoney ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return intlMoney.format(amount);
  }
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}$${groupThousands(rounded[0])}.${rounded[1]}`;
}

/** A whole number with thousands separators: 12,345. */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = groupThousands(String(Math.abs(value)));
    return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
  }
  intlCount ??= new Intl.NumberFormat('en-US');
  return intlCount.format(value);
}

/** A moment in the reader's own locale and time zone: "Nov 24, 2026, 3:05 PM". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
