import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `DELETE /api/user/:id` (admin): the account and its sessions go; the last admin stays. */
export function deleteUser(id: string): Promise<{ deleted: true; _id: string }> {
  return request(`/api/user/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.users }),
  });
}
