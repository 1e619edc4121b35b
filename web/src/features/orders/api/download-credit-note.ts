import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { saveBlob } from '@/lib/save-file.ts';

/**
 * `GET /api/order/:id/credit-notes/:number.pdf` (owner or admin, issue 29) with the access token,
 * saved through a temporary link as the invoice is.
 */
export async function downloadCreditNote(orderId: string, number: string): Promise<void> {
  const pdf = await request<Blob>(
    `/api/order/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(number)}.pdf`,
    { blob: true },
  );
  saveBlob(pdf, `${number}.pdf`);
}

export function useDownloadCreditNote() {
  return useMutation({
    mutationFn: ({ orderId, number }: { orderId: string; number: string }) => downloadCreditNote(orderId, number),
  });
}
