import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { saveBlob } from '@/lib/save-file.ts';

/**
 * `GET /api/order/:id/invoice.pdf` with the access token (the owner, an admin, or a member of the
 * order's company), saved as `<invoice number>.pdf`. My orders and My company both offer it.
 */
export async function downloadInvoice(orderId: string, fileName: string): Promise<void> {
  saveBlob(await request<Blob>(`/api/order/${encodeURIComponent(orderId)}/invoice.pdf`, { blob: true }), fileName);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (order: { _id: string; invoiceNumber: string | null }) =>
      downloadInvoice(order._id, `${order.invoiceNumber ?? 'invoice'}.pdf`),
  });
}
