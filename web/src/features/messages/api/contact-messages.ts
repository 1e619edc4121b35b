import type { ContactMessage } from '@torque/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestPage, type Page } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/contact?…` (admin): one page of the inbox, newest first. */
export function getMessages(query: string, signal?: AbortSignal): Promise<Page<ContactMessage>> {
  return requestPage<ContactMessage>(`/api/contact?${query}`, { signal });
}

export function useMessages(query: string) {
  return useQuery({
    queryKey: [...queryRoots.contactMessages, 'page', query],
    queryFn: ({ signal }) => getMessages(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many messages are open: the menu item's badge (X-Total-Count of a one-item page). */
export function useOpenMessageCount(enabled: boolean) {
  return useQuery({
    queryKey: [...queryRoots.contactMessages, 'open-count'],
    queryFn: async ({ signal }) => (await getMessages('handled=false&limit=1', signal)).total,
    enabled,
    staleTime: 30_000,
  });
}

/** `PUT /api/contact/:id` (admin): handled or open again. */
export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      request<ContactMessage>(`/api/contact/${encodeURIComponent(id)}`, { method: 'PUT', body: { handled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.contactMessages }),
  });
}
