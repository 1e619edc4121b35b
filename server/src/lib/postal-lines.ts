import addressFormatter from '@fragaria/address-formatter';
import type { PostalAddress } from '@torque/contract';

/**
 * An address's lines as its country writes them (OpenCage's address-formatting templates, through
 * @fragaria/address-formatter): "75001 Paris" in France, "Springfield, IL 62704" in the United
 * States, the postcode on a line of its own in the United Kingdom. The street is the address's
 * own first line as the buyer typed it; its second line (unit, floor) follows it; the country's
 * name ends the address. Name and company are the caller's to put above.
 */
export function postalLines(
  a: Pick<PostalAddress, 'line1' | 'line2' | 'postalCode' | 'city' | 'region' | 'country' | 'countryName'>,
): string[] {
  const formatted = addressFormatter.format(
    {
      road: a.line1,
      city: a.city,
      postcode: a.postalCode ?? undefined,
      state: a.region ?? undefined,
      countryCode: a.country,
      country: a.countryName || a.country,
    },
    { output: 'array', appendCountry: true },
  );
  const street = formatted.indexOf(a.line1);
  if (a.line2) formatted.splice(street === -1 ? 1 : street + 1, 0, a.line2);
  return formatted.filter((line) => line.trim() !== '');
}
