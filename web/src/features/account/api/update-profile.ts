import type { ProfileUpdate, User } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey, useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** PRODUCT.md §8's message when there is nobody to update. */
export const NO_USER_MESSAGE = 'No user is logged in';

/** `POST /api/auth/update-user`: the identity's display name (what the navbar shows). */
export function updateDisplayName(name: string): Promise<unknown> {
  return request('/api/auth/update-user', { method: 'POST', body: { name } });
}

/** `PUT /api/user-update?email=`: the profile record. */
export function updateProfileRecord(email: string, input: ProfileUpdate): Promise<User> {
  return request<User>(`/api/user-update?email=${encodeURIComponent(email)}`, { method: 'PUT', body: input });
}

/** PRODUCT.md §7: the account's display name first, then the record; then the profile is read again. */
export function useUpdateProfile() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdate) => {
      if (!user) throw new Error(NO_USER_MESSAGE);
      await updateDisplayName(input.name);
      return updateProfileRecord(user.email, input);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.users }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
