import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/http.ts';
import { LoadError } from './load-error.tsx';
import { Spinner } from './spinner.tsx';

interface QueryResultProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the error line and the spinner's label: "your orders". */
  what: string;
  children: (data: T) => ReactNode;
  /** Shown instead of "could not load" when the thing does not exist (404, or an id that cannot be one). */
  notFound?: ReactNode;
}

/** The three states of a fetch: a spinner, an error with Try again, or the data. */
export function QueryResult<T>({ query, what, children, notFound }: QueryResultProps<T>) {
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  if (query.isError && missing && notFound) return notFound;
  if (query.isError) return <LoadError what={what} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={`Loading ${what}`} />
      </div>
    );
  }
  return children(query.data);
}
