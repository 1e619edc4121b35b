import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/http.ts';

/**
 * The server's per-field messages under their fields: the form's own names, and fitment rows as
 * the server names them (`fitment.0.yearTo`, `fitment` for the list).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly string[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (names.includes(name) || /^fitment(\.\d+\.(make|model|yearFrom|yearTo|engine|note))?$/.test(name)) {
      setError(name as Path<T>, { type: 'server', message });
    }
  }
}
