import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';

/**
 * `GET /api/orders/export.csv` (admin) with the list's filters, saved as a file. Fetched with the
 * access token (a plain link could not carry it), then handed to the browser as a download.
 */
export async function downloadOrdersCsv(filters: string): Promise<void> {
  const csv = await request<string>(`/api/orders/export.csv${filters ? `?${filters}` : ''}`, {
    headers: { Accept: 'text/csv' },
  });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadOrdersCsv() {
  return useMutation({ mutationFn: downloadOrdersCsv });
}
