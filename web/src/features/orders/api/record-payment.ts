import type { Order, RecordPaymentInput } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `POST /api/order/:id/record-payment` (shop admins, issue 30): an order on account is paid. */
export function recordPayment({ id, ...body }: RecordPaymentInput & { id: string }): Promise<Order> {
  return request<Order>(`/api/order/${encodeURIComponent(id)}/record-payment`, { method: 'POST', body });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
  });
}
