import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';

/** `GET /api/order/:id/invoice.pdf` with the access token, saved through a temporary link. */
export async function downloadInvoice(orderId: string, fileName: string): Promise<void> {
  const pdf = await request<Blob>(`/api/order/${encodeURIComponent(orderId)}/invoice.pdf`, { blob: true });
  const url = URL.createObjectURL(pdf);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (order: { _id: string; invoiceNumber: string | null }) =>
      downloadInvoice(order._id, `${order.invoiceNumber ?? 'invoice'}.pdf`),
  });
}
