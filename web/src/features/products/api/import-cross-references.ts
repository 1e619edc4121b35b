import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** A check of the file: lines that would be imported, and the first refused ones (line 1 is the header). */
export interface ImportCheck {
  valid: number;
  errors: { line: number; message: string }[];
  /** Every refused line (only the first 100 are listed). */
  errorCount?: number | undefined;
}

export type ImportOutcome = { kind: 'checked'; check: ImportCheck } | { kind: 'applied'; applied: number };

/**
 * `POST /api/parts/cross-references/import` (admin) with the CSV: `?dryRun=true` checks and
 * changes nothing; a real run applies all or nothing (a refused line: 422 with the check).
 */
export async function importCrossReferences(csv: string, dryRun: boolean): Promise<ImportOutcome> {
  try {
    const answer = await request<ImportCheck | { applied: number }>(
      `/api/parts/cross-references/import${dryRun ? '?dryRun=true' : ''}`,
      { method: 'POST', content: { type: 'text/csv', data: csv } },
    );
    return 'applied' in answer ? { kind: 'applied', applied: answer.applied } : { kind: 'checked', check: answer };
  } catch (error) {
    const check = refusedCheck(error);
    if (check) return { kind: 'checked', check };
    throw error;
  }
}

/** The check a 422 carries beside its error. */
function refusedCheck(error: unknown): ImportCheck | null {
  if (!isApiError(error) || error.status !== 422 || typeof error.body !== 'object' || error.body === null) return null;
  const body = error.body as Partial<ImportCheck>;
  return Array.isArray(body.errors)
    ? { valid: body.valid ?? 0, errors: body.errors, errorCount: body.errorCount }
    : null;
}

export function useImportCrossReferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importCrossReferences(csv, dryRun),
    onSuccess: async (outcome) => {
      if (outcome.kind === 'applied') await queryClient.invalidateQueries({ queryKey: queryRoots.parts });
    },
  });
}
