/**
 * How a tax rate is named (issue 29): "VAT 19 %" where the destination charges value-added tax
 * (the EU and its neighbours that use the word), "Tax 7.25 %" elsewhere (US sales tax, …).
 * Zod-free: the cart paints with it.
 */
const VAT_COUNTRIES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK GB NO CH IS LI'.split(' '),
);

/** 19 → "19 %", 7.25 → "7.25 %", 8.875 → "8.875 %" (the contract allows 3 decimals). */
export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(3))} %`;
}

/** "VAT" or "Tax", by the destination country (null: not known yet → "Tax"). */
export function taxName(country: string | null | undefined): 'VAT' | 'Tax' {
  return country && VAT_COUNTRIES.has(country.toUpperCase()) ? 'VAT' : 'Tax';
}

export function taxLineLabel(rate: number, country: string | null | undefined): string {
  return `${taxName(country)} ${formatRate(rate)}`;
}
