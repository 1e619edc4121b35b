import { priceListInput, type PriceList, type PriceListInput } from '@torque/contract';

/** The form's values: text as typed (PRODUCT.md §25). */
export interface PriceListFormValues {
  name: string;
  companyIds: string[];
  percentOff: string;
  /** `datetime-local` text in the browser's time zone, or empty (open). */
  validFrom: string;
  validTo: string;
  /** Each fixed price's part as picked (its number and name shown on the row), its price and tiers as typed. */
  prices: PriceRowValues[];
}

export interface PriceRowValues {
  partId: string;
  partNumber: string | null;
  partName: string | null;
  price: string;
  tiers: string;
}

export const emptyPriceRow = (): PriceRowValues => ({
  partId: '',
  partNumber: null,
  partName: null,
  price: '',
  tiers: '',
});

export const emptyPriceList = (): PriceListFormValues => ({
  name: '',
  companyIds: [],
  percentOff: '',
  validFrom: '',
  validTo: '',
  prices: [],
});

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Tiers as the form writes them: "100 @ 8.50; 500 @ 8.20". */
export const tiersText = (breaks: readonly { minQuantity: number; price: number }[]): string =>
  breaks.map((b) => `${b.minQuantity} @ ${b.price.toFixed(2)}`).join('; ');

export const valuesOf = (list: PriceList): PriceListFormValues => ({
  name: list.name,
  companyIds: [...list.companyIds],
  percentOff: list.percentOff === null ? '' : String(list.percentOff),
  validFrom: localInput(list.validFrom),
  validTo: localInput(list.validTo),
  prices: list.prices.map((p) => ({
    partId: p.partId,
    partNumber: p.partNumber,
    partName: p.partName,
    price: p.price.toFixed(2),
    tiers: tiersText(p.priceBreaks),
  })),
});

/** A form field's name for a field the contract or the server names (`prices.0.priceBreaks.1.price` → the row's tiers). */
export function formFieldOf(path: string): string {
  const tier = /^prices\.(\d+)\.priceBreaks/.exec(path);
  if (tier) return `prices.${tier[1]}.tiers`;
  if (/^companyIds/.test(path)) return 'companyIds';
  return path;
}

/**
 * The body the API takes, checked by the contract's own schema (the server checks the same, and
 * more: unknown parts or companies): the body, or each problem under its form field.
 */
export function inputOf(values: PriceListFormValues): { input: PriceListInput } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const prices = values.prices.map((p, i) => {
    const breaks = p.tiers
      .split(/[;\n]/)
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .map((t) => {
        const m = /^(\S+)\s*@\s*\$?(\S+)$/.exec(t);
        if (!m) problems[`prices.${i}.tiers`] = 'Write each tier as quantity @ price, e.g. 100 @ 8.50; 500 @ 8.20';
        return { minQuantity: m?.[1] ?? '', price: m?.[2] ?? '' };
      });
    if (p.partId === '') problems[`prices.${i}.partId`] = 'Pick a part: search by part number or name';
    return { partId: p.partId, price: p.price.trim(), priceBreaks: breaks };
  });
  const body = {
    name: values.name,
    companyIds: values.companyIds,
    percentOff: values.percentOff.trim() === '' ? null : values.percentOff.trim(),
    validFrom: values.validFrom === '' ? null : new Date(values.validFrom).toISOString(),
    validTo: values.validTo === '' ? null : new Date(values.validTo).toISOString(),
    prices,
  };
  // The window on its own too: the schema's cross-field check waits for every field to be valid.
  if (body.validFrom && body.validTo && Date.parse(body.validTo) <= Date.parse(body.validFrom))
    problems.validTo = 'validTo must be after validFrom';
  const parsed = priceListInput.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems[formFieldOf(issue.path.join('.'))] ??= issue.message;
  if (Object.keys(problems).length > 0) return { problems };
  return { input: body as PriceListInput };
}
