import type { Order, PostalAddress } from '@torque/contract';
import { formatCount, formatMoney } from '@/lib/format.ts';

/** An address's lines as a label prints them: name, company, street, town with postcode, country. */
export function addressLines(address: Omit<PostalAddress, 'label'> & { label?: string | null }): string[] {
  const town = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    town,
    address.countryName,
    address.phone ? `Phone: ${address.phone}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** A postal address as an `<address>` block, one line each. */
export function PostalAddressBlock({ address, className = '' }: { address: PostalAddress; className?: string }) {
  return (
    <address className={`not-italic leading-snug ${className}`}>
      {addressLines(address).map((line, index) => (
        <span key={index} className="block wrap-anywhere">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Grams as people read them: 850 g, 3.1 kg (the invoice's kilograms from 1 kg on). */
export function formatWeight(grams: number): string {
  return grams < 1000 ? `${formatCount(grams)} g` : `${grams / 1000} kg`;
}

/** An order's shipping line: "Standard (US), 3.1 kg: $9.99" (the invoice's wording). */
export function shippingLineText(shipping: NonNullable<Order['shipping']>): string {
  return `${shipping.name}, ${formatWeight(shipping.weightGrams)}: ${shipping.price === 0 ? 'Free' : formatMoney(shipping.price)}`;
}
