import type { Company } from '@torque/contract';

const TAX_ID_STATUS = {
  valid: { label: 'Valid', badge: 'badge-success', title: 'Confirmed by the EU’s VIES service: reverse charge' },
  invalid: { label: 'Invalid', badge: 'badge-error', title: 'VIES does not know this number: members pay tax' },
  unverified: {
    label: 'Waiting for VIES',
    badge: 'badge-warning',
    title: 'VIES could not be reached: members pay tax until it is checked again',
  },
  other: { label: 'Not checked', badge: 'badge-neutral', title: 'Not an EU VAT number: members pay tax' },
} as const;

/** A company's tax number and its status (valid / invalid / waiting for VIES), or "none". */
export function CompanyTaxId({ company }: { company: Pick<Company, 'taxId' | 'taxIdStatus' | 'taxIdCountry'> }) {
  if (!company.taxId) return <span className="text-sm">Tax number: none</span>;
  const status = company.taxIdStatus ?? 'unverified';
  // A number with no EU country is no VAT number: nothing checks it, so it is not "waiting".
  const shown = TAX_ID_STATUS[status === 'unverified' && company.taxIdCountry === null ? 'other' : status];
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm" data-testid="company-tax-id">
      Tax number: {company.taxId}
      <span className={`badge badge-sm ${shown.badge}`} title={shown.title}>
        {shown.label}
      </span>
    </span>
  );
}
