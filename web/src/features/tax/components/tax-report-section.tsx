import { taxReportQuery, type TaxReportRow } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { formatRate } from '@/components/tax/tax-label.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatMoney } from '@/lib/format.ts';
import { isApiError } from '@/lib/http.ts';
import { useDownloadTaxReportCsv, useTaxReport, type ReportPeriod } from '../api/tax-report.ts';

/** The period form: the contract's query, and `from` not after `to`. */
const periodSchema = taxReportQuery.refine((p) => p.from <= p.to, {
  message: 'from must not be after to',
  path: ['to'],
});

/** This month so far (UTC days; the server counts in the shop's time zone). */
function thisMonth(): ReportPeriod {
  const today = new Date().toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const sumCents = (rows: TaxReportRow[], key: 'net' | 'tax' | 'gross') =>
  rows.reduce((total, row) => total + Math.round(row[key] * 100), 0) / 100;

/** Net, tax and gross per country and rate for a period (issue 29), with totals and the CSV. */
export function TaxReportSection() {
  const [period, setPeriod] = useState<ReportPeriod>(thisMonth);
  const form = useZodForm(periodSchema, { defaultValues: period });
  const report = useTaxReport(period);
  const csv = useDownloadTaxReportCsv();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => setPeriod({ from: values.from, to: values.to }));
  const serverFields = isApiError(report.error) ? report.error.fields : undefined;

  return (
    <section aria-labelledby="tax-report-title" className="flex flex-col gap-3">
      <h3 id="tax-report-title" className="text-lg font-semibold">
        Tax report
      </h3>
      <form noValidate className="flex flex-wrap items-end gap-3" aria-label="Report period" onSubmit={onSubmit}>
        <TextField
          label="From"
          type="date"
          registration={form.register('from')}
          error={errors.from?.message ?? serverFields?.from}
        />
        <TextField
          label="To"
          type="date"
          registration={form.register('to')}
          error={errors.to?.message ?? serverFields?.to}
        />
        <button type="submit" className="btn btn-primary btn-sm">
          Show report
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={csv.isPending}
          onClick={() => csv.mutate(period, { onError: (error) => toast.error(error.message) })}
        >
          {csv.isPending ? <Spinner size="sm" /> : null}
          Download CSV
        </button>
      </form>
      <p className="text-xs text-base-content/80">
        Paid orders from {period.from} to {period.to} (both included), days in the shop’s time zone; refunds count
        against the day of their credit note.
      </p>
      <QueryResult query={report} what="the tax report">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title="No taxed sales in this period" />
          ) : (
            <div className={report.isPlaceholderData ? 'opacity-60' : ''} aria-busy={report.isPlaceholderData}>
              <ReportTable rows={rows} />
            </div>
          )
        }
      </QueryResult>
    </section>
  );
}

function ReportTable({ rows }: { rows: TaxReportRow[] }) {
  return (
    <ScrollTable caption="Tax report by country and rate" size="table-xs sm:table-md">
      <thead>
        <tr>
          <th scope="col">Country</th>
          <th scope="col" className="text-right">
            Rate
          </th>
          <th scope="col" className="text-right">
            Net
          </th>
          <th scope="col" className="text-right">
            Tax
          </th>
          <th scope="col" className="text-right">
            Gross
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.country}-${row.rate}`}>
            <th scope="row" className="font-mono">
              {row.country}
            </th>
            <td className="text-right whitespace-nowrap">{formatRate(row.rate)}</td>
            <td className="text-right whitespace-nowrap">{formatMoney(row.net)}</td>
            <td className="text-right whitespace-nowrap">{formatMoney(row.tax)}</td>
            <td className="text-right whitespace-nowrap">{formatMoney(row.gross)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold text-base-content">
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td className="text-right whitespace-nowrap">{formatMoney(sumCents(rows, 'net'))}</td>
          <td className="text-right whitespace-nowrap">{formatMoney(sumCents(rows, 'tax'))}</td>
          <td className="text-right whitespace-nowrap">{formatMoney(sumCents(rows, 'gross'))}</td>
        </tr>
      </tfoot>
    </ScrollTable>
  );
}
