import { z } from 'zod';
import { id, text } from './common.ts';

/**
 * Tax (issue 29, PRODUCT.md "Tax"). Catalogue prices are net; tax is added per line by the rate of
 * the destination (country, and region where a country taxes by region), unless the buyer is
 * exempt (reverse charge, export, a certificate). Rates are percentages with up to 3 decimals
 * (8.875 %); amounts are dollars in the API and integer cents in the server.
 *
 * The rounding rule, stated once (`lineTaxCents`): each line's tax, the shipping line included, is
 * its net × rate rounded half-up to the cent; an order's tax per rate and in total are sums of its
 * lines' taxes. Cart, order, payment, invoice, credit note, export and report all use it.
 */

/** The most decimals a rate takes (8.875 %), as a factor: rates are stored in thousandths of a percent. */
export const RATE_SCALE = 1000;

/** A line's tax in cents: `netCents` × `ratePercent` %, rounded half-up to the cent (integers only). */
export function lineTaxCents(netCents: number, ratePercent: number): number {
  const milli = Math.round(ratePercent * RATE_SCALE); // thousandths of a percent
  // netCents × milli / 100,000 cents, half-up; exact in doubles below 2^53 (≈ $90 billion × 100 %).
  return Math.floor((netCents * milli + 50_000) / 100_000);
}

const countryCode = z
  .string({ message: 'country must be a two-letter ISO 3166-1 code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'country must be a two-letter ISO 3166-1 code');

/** Body of `POST`/`PUT /api/tax/rates[/:id]` (admins). `region`: a US state, a Canadian province… or null for the whole country. */
export const taxRateInput = z.object({
  country: countryCode,
  region: z
    .string({ message: 'region must be text or null' })
    .trim()
    .toUpperCase()
    .max(10, 'region has at most 10 characters')
    .regex(/^[A-Z0-9-]*$/, 'region must be a code such as CA or NY')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null),
  rate: z
    .number({ message: 'rate must be a number (percent)' })
    .min(0, 'rate cannot be negative')
    .max(100, 'rate must be at most 100')
    .refine((n) => Math.abs(Math.round(n * RATE_SCALE) - n * RATE_SCALE) < 1e-6, 'rate can have at most 3 decimals'),
  name: text('Name', 60),
});
export type TaxRateInput = z.input<typeof taxRateInput>;
export const taxRate = z.object({
  _id: id,
  country: z.string(),
  region: z.string().nullable(),
  rate: z.number(),
  name: z.string(),
});
export type TaxRate = z.infer<typeof taxRate>;

/** Body of `PUT /api/tax-id`: the buyer's own tax number (empty text removes it). */
export const taxIdInput = z.object({
  taxId: z.string({ message: 'taxId must be text' }).trim().max(30, 'taxId has at most 30 characters'),
});
export const TAX_ID_STATUSES = ['valid', 'invalid', 'unverified'] as const;
export type TaxIdStatus = (typeof TAX_ID_STATUSES)[number];
/** Answer of `GET`/`PUT /api/tax-id`. */
export const taxIdAnswer = z.object({
  taxId: z.string().nullable(),
  country: z.string().nullable(),
  status: z.enum(TAX_ID_STATUSES).nullable(),
});
export type TaxIdAnswer = z.infer<typeof taxIdAnswer>;

/** Body of `PUT /api/tax-exemptions/:email` (admins): a resale/exemption certificate, 0 % until `expiresOn` (inclusive). */
export const taxExemptionInput = z.object({
  certificate: text('Certificate', 60),
  expiresOn: z.iso.date({ message: 'expiresOn must be a date (YYYY-MM-DD)' }),
});
export type TaxExemptionInput = z.input<typeof taxExemptionInput>;
/** Answer of `GET`/`PUT /api/tax-exemptions/:email` (admins): the account's certificate. */
export const taxExemption = z.object({ email: z.string(), certificate: z.string(), expiresOn: z.string() });
export type TaxExemption = z.infer<typeof taxExemption>;

/** Path of `PUT`/`DELETE /api/tax/rates/:id`. */
export const taxRateIdParams = z.object({ id });

/** One rate's share of an order (dollars). */
export const taxLine = z.object({ rate: z.number(), net: z.number(), tax: z.number() });
export type TaxLine = z.infer<typeof taxLine>;

/** An order's tax: per rate, the total, and the legal note when no tax is charged (reverse charge, export, certificate). */
export const orderTax = z.object({
  lines: z.array(taxLine),
  total: z.number(),
  note: z.string().nullable(),
});
export type OrderTax = z.infer<typeof orderTax>;

/** A credit note issued for an order (`CN-YYYY-NNNNNN`, gap-free per year). */
export const creditNoteRef = z.object({ number: z.string(), issuedAt: z.string() });
export type CreditNoteRef = z.infer<typeof creditNoteRef>;
/** Params of `GET /api/order/:id/credit-notes/:number.pdf`. */
export const creditNoteParams = z.object({
  id,
  number: z
    .string({ message: 'number must be a credit note number such as CN-2026-000001' })
    .regex(/^CN-\d{4}-\d{6}$/, 'number must be a credit note number such as CN-2026-000001'),
});

/** The legal notes, word for word (issue 29). */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC)';
export const EXPORT_NOTE = 'Export outside the seller’s tax area: no VAT charged';

/** Query of `GET /api/tax/report[.csv]`: a period of whole days in the shop's time zone, `to` inclusive. */
export const taxReportQuery = z.object({
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }),
});
export const taxReportRow = z.object({
  country: z.string(),
  rate: z.number(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
});
export type TaxReportRow = z.infer<typeof taxReportRow>;

/**
 * `GET /api/tax/quote?addressId=&shippingMethodId=` (signed in): what checking out the cart as it
 * is would charge, computed by the same function checkout uses. Without `addressId` the buyer's
 * default shipping address is used; with no address at all, `country` is null and no tax is
 * computed (`tax.lines` empty) until one is chosen.
 */
export const taxQuoteQuery = z.object({
  addressId: id.optional(),
  shippingMethodId: id.optional(),
});
export const taxQuote = z.object({
  /** The goods' net total and the shipping's net price (dollars). */
  goods: z.number(),
  shipping: z.number(),
  net: z.number(),
  tax: orderTax,
  gross: z.number(),
  /** The destination the rate was chosen by; null without an address. */
  country: z.string().nullable(),
  region: z.string().nullable(),
  /** The buyer's tax number's status when one decided the rate ('valid' for reverse charge). */
  taxIdStatus: z.enum(TAX_ID_STATUSES).nullable(),
});
export type TaxQuote = z.infer<typeof taxQuote>;
