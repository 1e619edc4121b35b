import type { TaxReportRow } from '@torque/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

export interface ReportPeriod {
  from: string;
  to: string;
}

const periodQuery = ({ from, to }: ReportPeriod) => new URLSearchParams({ from, to }).toString();

/** `GET /api/tax/report?from=&to=` (admin): net, tax and gross per country and rate, days in the shop's time zone. */
export function getTaxReport(period: ReportPeriod, signal?: AbortSignal): Promise<TaxReportRow[]> {
  return request<TaxReportRow[] | { rows: TaxReportRow[] }>(`/api/tax/report?${periodQuery(period)}`, {
    signal,
  }).then((answer) => (Array.isArray(answer) ? answer : answer.rows));
}

export function useTaxReport(period: ReportPeriod) {
  return useQuery({
    queryKey: [...queryRoots.tax, 'report', period.from, period.to],
    queryFn: ({ signal }) => getTaxReport(period, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/tax/report.csv?from=&to=` (admin), saved as a file. Fetched with the access token (a
 * plain link could not carry it), then handed to the browser as a download.
 */
export async function downloadTaxReportCsv(period: ReportPeriod): Promise<void> {
  const csv = await request<string>(`/api/tax/report.csv?${periodQuery(period)}`, {
    headers: { Accept: 'text/csv' },
  });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `tax-report-${period.from}-to-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadTaxReportCsv() {
  return useMutation({ mutationFn: downloadTaxReportCsv });
}
