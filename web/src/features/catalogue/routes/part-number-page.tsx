import { normalisePartNumber } from '@torque/contract/part-number-rule';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { isApiError } from '@/lib/http.ts';
import { usePartByNumber } from '../api/get-part-by-number.ts';

/**
 * `/parts/number/:number` (PRODUCT.md §17): a link by part number. It leads to the part's
 * purchase page; a discontinued number leads to its successor's, which says which number it
 * replaces (`?asked=`). A number no part has offers the catalogue's search for it.
 */
export default function PartNumberPage() {
  const { number = '' } = useParams();
  useTitle(`Part number ${number}`);
  const found = usePartByNumber(number);

  if (found.data) {
    const own = normalisePartNumber(found.data.partNumber) === normalisePartNumber(number);
    const asked = own ? '' : `?${new URLSearchParams({ asked: number })}`;
    return <Navigate replace to={`/purchase/${found.data._id}${asked}`} />;
  }
  const missing = isApiError(found.error) && (found.error.status === 404 || found.error.status === 400);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold wrap-anywhere">Part number {number}</h1>
      {found.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={`Looking up part number ${number}`} />
        </div>
      ) : missing ? (
        <EmptyState title={`No part has the number ${number}`}>
          <p className="text-base-content/80">
            The catalogue&apos;s search also looks for it as the start of a number and in names and descriptions.
          </p>
          <Link to={`/parts?${new URLSearchParams({ q: number })}`} className="btn btn-primary">
            Search the catalogue for {number}
          </Link>
        </EmptyState>
      ) : (
        <LoadError what={`part number ${number}`} onRetry={() => void found.refetch()} />
      )}
    </section>
  );
}
