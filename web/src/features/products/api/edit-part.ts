import { fitmentInput, type Part, type PartDetail, type PartUpdate } from '@torque/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestWithHeaders } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** A part (with its fitment) and its ETag, the version an edit must name (`If-Match`). */
export interface EditablePart {
  part: PartDetail;
  etag: string;
}

/** `GET /api/parts/:id` for the edit form: the part and its ETag. */
export async function getEditablePart(id: string, signal?: AbortSignal): Promise<EditablePart> {
  const { data: body, headers } = await requestWithHeaders<PartDetail>(`/api/parts/${encodeURIComponent(id)}`, {
    signal,
    // The edit must name the version it started from: never a cached copy.
    headers: { 'Cache-Control': 'no-cache' },
  });
  return { part: body, etag: headers.get('etag') ?? '' };
}

export const editablePartKey = (id: string) => [...queryRoots.parts, 'edit', id] as const;

export function useEditablePart(id: string) {
  return useQuery({
    queryKey: editablePartKey(id),
    queryFn: ({ signal }) => getEditablePart(id, signal),
    staleTime: Infinity,
  });
}

/** `PUT /api/parts/:id` with `If-Match`: 412 when another admin saved first. */
export async function editPart(id: string, etag: string, changes: PartUpdate): Promise<EditablePart> {
  const { data: body, headers } = await requestWithHeaders<Part | PartDetail>(`/api/parts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: changes,
    headers: { 'If-Match': etag },
  });
  // The answer is the part; its fitment is what was sent (rows replace the old ones) unless it says.
  const fitment = 'fitment' in body ? body.fitment : await fitmentAfterSave(id, changes);
  return { part: { ...body, fitment }, etag: headers.get('etag') ?? '' };
}

/** The fitment a save left: the sent rows as stored, else the part's rows read again. */
async function fitmentAfterSave(id: string, changes: PartUpdate): Promise<PartDetail['fitment']> {
  if (!changes.fitment) return (await request<PartDetail>(`/api/parts/${encodeURIComponent(id)}`)).fitment;
  return fitmentInput.parse(changes.fitment);
}

export function useEditPart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, changes }: { etag: string; changes: PartUpdate }) => editPart(id, etag, changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(editablePartKey(id), saved);
      await queryClient.invalidateQueries({ queryKey: queryRoots.parts, predicate: (q) => q.queryKey[1] !== 'edit' });
    },
  });
}
