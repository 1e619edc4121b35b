import { PageHeader } from '@/components/layout/page-header.tsx';
import { TaxRatesSection } from '../components/tax-rates-section.tsx';
import { TaxReportSection } from '../components/tax-report-section.tsx';

/** `/dashboard/tax` (admin, issue 29): the rates by country and region, and the tax report. */
export default function TaxPage() {
  return (
    <section className="flex flex-col gap-8">
      <PageHeader title="Tax" />
      <TaxRatesSection />
      <TaxReportSection />
    </section>
  );
}
