import { EXPORT_NOTE, REVERSE_CHARGE_NOTE, type TaxIdStatus } from '@torque/contract';
import type { TaxDecision } from '../../lib/tax-amounts.ts';

/** The EU's member states (ISO 3166-1 codes; Greece is GR here, EL only in VAT numbers and VIES). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** The legal note of a certificate exemption, naming it. */
export const certificateNote = (certificate: string, expiresOn: string) =>
  `Tax exempt: resale/exemption certificate ${certificate} (valid until ${expiresOn})`;

/** Whether `destination` is in the seller's tax area: the EU for a seller in the EU, the seller's own country otherwise. */
export function inTaxArea(sellerCountry: string, destination: string): boolean {
  if (EU_COUNTRIES.has(sellerCountry)) return EU_COUNTRIES.has(destination);
  return destination === sellerCountry;
}

/** One date formatter per zone: building an Intl.DateTimeFormat costs more than the rest of a tax decision. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in the IANA zone `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export interface TaxFacts {
  sellerCountry: string;
  sellerTaxId: string | null;
  destination: { country: string; region: string | null };
  /** The destination's rate in thousandths of a percent (tax-repository's lookup, with its fallbacks). */
  rateMilli: number;
  buyerTaxId: { taxId: string; country: string | null; status: TaxIdStatus } | null;
  certificate: { certificate: string; expiresOn: string } | null;
  /** Today in the shop's time zone (YYYY-MM-DD). */
  today: string;
}

/**
 * THE tax decision (issue 29, PRODUCT.md "Tax"), first rule that applies:
 * 1. export: a destination outside the seller's tax area → 0 % and EXPORT_NOTE;
 * 2. reverse charge: the buyer's EU VAT number is valid (VIES said so), its member state is not
 *    the seller's, the seller is in the EU and the goods go to another member state than the
 *    seller's → 0 % and REVERSE_CHARGE_NOTE, both VAT numbers kept on the order;
 * 3. certificate: an exemption certificate not expired today (expiresOn inclusive) → 0 % and
 *    its note;
 * 4. otherwise the destination's rate. An unverified or invalid number changes nothing: tax is
 *    charged.
 */
export function decideTax(facts: TaxFacts): TaxDecision {
  const { sellerCountry, destination } = facts;
  const base = {
    country: destination.country,
    region: destination.region,
    buyerTaxId: facts.buyerTaxId?.taxId ?? null,
    buyerTaxIdStatus: facts.buyerTaxId?.status ?? null,
    sellerTaxId: facts.sellerTaxId,
  };
  if (!inTaxArea(sellerCountry, destination.country)) return { ...base, rateMilli: 0, note: EXPORT_NOTE };
  const id = facts.buyerTaxId;
  if (
    id?.status === 'valid' &&
    id.country !== null &&
    EU_COUNTRIES.has(sellerCountry) &&
    EU_COUNTRIES.has(id.country) &&
    id.country !== sellerCountry &&
    destination.country !== sellerCountry
  )
    return { ...base, rateMilli: 0, note: REVERSE_CHARGE_NOTE };
  const cert = facts.certificate;
  if (cert && facts.today <= cert.expiresOn)
    return { ...base, rateMilli: 0, note: certificateNote(cert.certificate, cert.expiresOn) };
  return { ...base, rateMilli: facts.rateMilli, note: null };
}
