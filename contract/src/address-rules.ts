// The library's core without its locales: its Node entry requires all 79 by computed names,
// which a bundle cannot follow (server/build.ts) and which the server does not need.
import countries from 'i18n-iso-countries/index.js';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { addressFields } from './addresses.ts';
import { checkoutInput } from './cart.ts';

/**
 * The address book's input rules (issue 28): the country is an ISO 3166-1 alpha-2 code known to
 * `i18n-iso-countries`; the postal code is checked by `postcode-validator` for the countries it
 * knows a format of, and required there; elsewhere it is free text (or absent). Imported as
 * `@torque/contract/address-rules`, apart from the package's index, so the SPA loads the country
 * data only with the form that needs it.
 */

// Only English is registered: the names are English everywhere.
countries.registerLocale(english);

/** The English name of an ISO 3166-1 alpha-2 code ("DE" → "Germany"); the code itself if unknown. */
export const countryName = (code: string): string => countries.getName(code, 'en', { select: 'official' }) ?? code;

/** Every country, code → English name, for a form's list. */
export const countryNames = (): Record<string, string> => countries.getNames('en', { select: 'official' });

/** ISO 3166-1 alpha-2, any case in, upper case out. */
export const countryCode = z
  .string({ message: 'Country is required' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO 3166-1 code')
  .transform((v) => v.toUpperCase())
  .refine((v) => countries.isValid(v), 'Country is not an ISO 3166-1 country code');

/** Whether `country` has a postal-code format the library knows (then the code is required and checked). */
export const hasPostalFormat = (country: string): boolean => postcodeValidatorExistsForCountry(country);

/** Whether `postalCode` is valid for `country`; true for countries without a known format. */
export function postalCodeFits(postalCode: string, country: string): boolean {
  return !hasPostalFormat(country) || postcodeValidator(postalCode, country);
}

const addressObject = addressFields.extend({ country: countryCode });

/** The postal code against the country's format, as a field error on `postalCode`. */
function checkPostalCode(v: { postalCode: string | null; country: string }, ctx: z.RefinementCtx) {
  if (!hasPostalFormat(v.country)) return;
  if (!v.postalCode) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'Postal code is required' });
  else if (!postcodeValidator(v.postalCode, v.country))
    ctx.addIssue({
      code: 'custom',
      path: ['postalCode'],
      message: `Postal code is not valid for ${countryName(v.country)}`,
    });
}

/** An address as checkout takes it inline (no book entry). */
export const postalAddressInput = addressObject.superRefine(checkPostalCode);
export type PostalAddressInput = z.input<typeof postalAddressInput>;

/** Body of `POST /api/addresses`: the address and whether it becomes a default. */
export const addressInput = addressObject
  .extend({
    defaultShipping: z.boolean({ message: 'defaultShipping must be true or false' }).optional(),
    defaultBilling: z.boolean({ message: 'defaultBilling must be true or false' }).optional(),
  })
  .superRefine(checkPostalCode);
export type AddressInput = z.input<typeof addressInput>;

/**
 * Body of `PUT /api/addresses/:id`: the whole address again (a book entry is small, and checking
 * the postal code needs the country and code together), defaults optional.
 */
export const addressUpdate = addressInput;

/**
 * `POST /api/checkout`'s body as the server checks it: the contract's `checkoutInput` with the
 * country and postal-code rules applied to an inline address (`address` as an object) and to
 * `billingAddress`.
 */
export const checkedCheckoutInput = checkoutInput.superRefine((v, ctx) => {
  for (const key of ['address', 'billingAddress'] as const) {
    const given = v[key];
    if (!given || typeof given === 'string') continue;
    const checked = postalAddressInput.safeParse(given);
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: [key, ...issue.path.map(String)], message: issue.message });
  }
});
