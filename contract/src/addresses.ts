import { z } from 'zod';
import { id, text } from './common.ts';

/**
 * The address book's shapes (issue 28, PRODUCT.md "Addresses and shipping"). Only shapes and
 * lengths live here, so the SPA's entry chunk carries no country data; the country and postal-code
 * rules (maintained libraries) are in `address-rules.ts`, imported as `@torque/contract/address-rules`.
 */
export const ADDRESS_MAX = {
  label: 60,
  company: 120,
  name: 100,
  line1: 200,
  line2: 200,
  postalCode: 20,
  city: 100,
  region: 100,
  phone: 40,
} as const;

/** The most addresses one account's book holds. */
export const ADDRESS_BOOK_MAX = 50;

/** An address as stored and answered: optional texts are null when not given. */
export const postalAddress = z.object({
  label: z.string().nullable(),
  company: z.string().nullable(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string(),
  /** The country's English name (i18n-iso-countries). */
  countryName: z.string(),
  phone: z.string().nullable(),
});
export type PostalAddress = z.infer<typeof postalAddress>;

/** A book entry: the address, its id and whether it is the account's default for shipping or billing. */
export const address = postalAddress.extend({
  _id: id,
  defaultShipping: z.boolean(),
  defaultBilling: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof address>;

export const addressIdParams = z.object({ id });

/** Optional free text: trimmed, empty means absent (null). */
function optionalText(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
}

/**
 * An address's fields as sent, checked for shape and length only; `address-rules.ts` adds the
 * country's and the postal code's checks (the server applies them).
 */
export const addressFields = z.object({
  label: optionalText('Label', ADDRESS_MAX.label),
  company: optionalText('Company', ADDRESS_MAX.company),
  name: text('Name', ADDRESS_MAX.name),
  line1: text('Address line 1', ADDRESS_MAX.line1),
  line2: optionalText('Address line 2', ADDRESS_MAX.line2),
  postalCode: optionalText('Postal code', ADDRESS_MAX.postalCode),
  city: text('City', ADDRESS_MAX.city),
  region: optionalText('Region', ADDRESS_MAX.region),
  country: z
    .string({ message: 'Country is required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO 3166-1 code')
    .transform((v) => v.toUpperCase()),
  phone: optionalText('Phone', ADDRESS_MAX.phone),
});
export type AddressFields = z.output<typeof addressFields>;
