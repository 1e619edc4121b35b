import type { User } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `PUT /api/user/admin/:email` (admin): promote an account. */
export function makeAdmin(email: string): Promise<User> {
  return request<User>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.users }),
  });
}
