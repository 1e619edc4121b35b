import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/http.ts';

/** A row's field as the server names it: `fitment.0.yearTo`, `crossReferences.2.number`, `priceBreaks.1.price`, or the list. */
const ROW_FIELD =
  /^(fitment(\.\d+\.(make|model|yearFrom|yearTo|engine|note))?|crossReferences(\.\d+\.(kind|brand|number))?|priceBreaks(\.\d+\.(minQuantity|price))?)$/;

/**
 * The server's per-field messages under their fields: the form's own names, and fitment and
 * cross-reference rows as the server names them (`fitment.0.yearTo`, `fitment` for the list).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly string[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (names.includes(name) || ROW_FIELD.test(name)) {
      setError(name as Path<T>, { type: 'server', message });
    }
  }
}
