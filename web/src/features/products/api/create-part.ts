import type { Part, PartInput } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `POST /api/parts` (admin): add a product. */
export function createPart(input: PartInput): Promise<Part> {
  return request<Part>('/api/parts', { method: 'POST', body: input });
}

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.parts }),
  });
}
