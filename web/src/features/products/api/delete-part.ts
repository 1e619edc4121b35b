import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `DELETE /api/part/:id` (admin): past orders keep their own copy of the part. */
export function deletePart(id: string): Promise<{ deleted: true; _id: string }> {
  return request(`/api/part/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.parts }),
  });
}
