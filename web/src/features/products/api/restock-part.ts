import type { Part } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { editablePartKey, type EditablePart } from './edit-part.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `POST /api/parts/:id/stock` (admin): add units (negative: write off); 409 below 0. */
export function restockPart(id: string, add: number): Promise<Part> {
  return request<Part>(`/api/parts/${encodeURIComponent(id)}/stock`, { method: 'POST', body: { add } });
}

export function useRestockPart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (add: number) => restockPart(id, add),
    onSuccess: async (part) => {
      // Stock is not an edit: the form's version (ETag prefix) stays valid, only the figures move.
      queryClient.setQueryData<EditablePart>(
        editablePartKey(id),
        (old) => old && { ...old, part: { ...old.part, ...part } },
      );
      await queryClient.invalidateQueries({ queryKey: queryRoots.parts, predicate: (q) => q.queryKey[1] !== 'edit' });
    },
  });
}
