import { memo, useEffect, useRef, useState } from 'react';
import type { Part } from '@torque/contract';
import { FitVerdict } from '@/components/fitment/fit-verdict.tsx';
import { PartCard, PartCardSkeleton } from '@/components/parts/part-card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { formatCount } from '@/lib/format.ts';
import { isApiError } from '@/lib/http.ts';
import { useSlices } from '@/lib/use-slices.ts';
import { CATALOGUE_PAGE_SIZE, useCatalogue } from '../api/get-parts-page.ts';
import type { CatalogueParams } from '../utils/catalogue-params.ts';
import { CardAddToCart } from './card-add-to-cart.tsx';
import { CardReferences } from './card-references.tsx';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/** The first row at 1280 px (4 columns): on the first screen, so their pictures load at once. */
const EAGER_CARDS = 4;
/**
 * Cards rendered in the task that brings the list, then per later task: twenty cards in one render
 * were one long task on a slow phone (Preact does not slice it), and four with the page still were
 * (issue 31: 340–500 ms of Preact at 4×). On one column (a phone) none is on the first screen (the
 * first card starts below 844 px at 390 px), so the page renders without them and they follow,
 * one per task; on wider screens the first row (four at 1280 px) comes with the page, as before.
 */
const CARDS_FIRST_WIDE = 4;
const CARDS_PER_TASK = 1;
/** Tailwind's `sm` breakpoint, where the grid gets a second column. */
const ONE_COLUMN = '(max-width: 39.999rem)';

function cardsFirst(): number {
  const oneColumn = typeof window.matchMedia === 'function' && window.matchMedia(ONE_COLUMN).matches;
  return oneColumn ? 0 : CARDS_FIRST_WIDE;
}

export function partCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'part' : 'parts'}`;
}

/**
 * One result's card. Memoised: each slice of useSlices renders the list again, and without it every
 * card already shown rendered again with it (the eleventh slice drew eleven cards), so the slices
 * grew into the page's longest tasks after its first paint (issue 31: 13–16 ms each at 1× CPU).
 */
const CatalogueCard = memo(function CatalogueCard({
  part,
  eager,
  forVehicle,
}: {
  part: Part;
  eager: boolean;
  /** A vehicle-filtered list holds only parts that fit: the card says so, with the rows that apply. */
  forVehicle: boolean;
}) {
  return (
    <PartCard
      part={part}
      headingLevel={2}
      eager={eager}
      renderNearScreen
      numberMatched={part.matchedBy?.kind === 'number'}
      action={<CardAddToCart part={part} />}
    >
      <CardReferences part={part} />
      {forVehicle ? <FitVerdict fits universal={part.universal} rows={part.fits ?? []} /> : null}
    </PartCard>
  );
});

interface ResultsProps {
  params: CatalogueParams;
  /** Drop the search and the filter (the empty state's and the bad-search error's way out). */
  onClear: () => void;
  /** Show the whole catalogue again (the way out when nothing fits the vehicle). */
  onClearVehicle: () => void;
}

/** The count (announced politely), the cards a page at a time, and the empty, error and loading states. */
export function CatalogueResults({ params, onClear, onClearVehicle }: ResultsProps) {
  const query = useCatalogue(params);
  const gridRef = useRef<HTMLDivElement>(null);

  // "Load more" moves focus to the first card it brought (the button may be gone: last page).
  const focusCard = useRef<number | null>(null);
  async function loadMore() {
    focusCard.current = gridRef.current?.querySelectorAll('article').length ?? null;
    const result = await query.fetchNextPage();
    if (result.isError) focusCard.current = null;
  }
  const parts = query.data?.pages.flatMap((page) => page.parts) ?? [];
  const [firstCards] = useState(cardsFirst);
  const shown = useSlices(parts.length, firstCards, CARDS_PER_TASK);
  useEffect(() => {
    const index = focusCard.current;
    if (index === null || shown <= index) return;
    focusCard.current = null;
    gridRef.current?.querySelectorAll('article')[index]?.querySelector<HTMLElement>('a')?.focus();
  }, [shown]);
  const total = query.data ? (query.data.pages[0]?.total ?? (query.hasNextPage ? null : parts.length)) : null;
  const filtered = params.q !== '' || params.inStock;
  const clearLabel = params.q ? 'Clear search' : 'Clear filters';
  // With only a vehicle narrowing the list, the way out is to drop the vehicle.
  const onlyVehicle = !filtered && params.vehicle !== null;
  const wayOut = onlyVehicle ? (
    <button type="button" className="btn btn-primary" onClick={onClearVehicle}>
      Clear vehicle
    </button>
  ) : filtered ? (
    <button type="button" className="btn btn-primary" onClick={onClear}>
      {clearLabel}
    </button>
  ) : null;

  // A failed "Load more" keeps the pages already shown (the query is in error, with data).
  const failed = query.isError && !query.data;
  const announcement = query.isPending
    ? 'Loading parts…'
    : failed
      ? ''
      : total === null
        ? `${partCount(parts.length)} shown`
        : partCount(total);

  let body;
  if (failed) {
    const badRequest = isApiError(query.error) && query.error.status === 400;
    body = badRequest ? (
      <div role="alert" className="alert alert-error flex flex-col items-start sm:flex-row sm:items-center">
        <div className="flex-1">
          <p className="font-semibold">This search cannot be run.</p>
          <p>{query.error.message}</p>
          {isApiError(query.error) && query.error.fields ? (
            <ul className="list-disc pl-5">
              {Object.entries(query.error.fields).map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="button" className="btn btn-sm" onClick={onlyVehicle ? onClearVehicle : onClear}>
          {onlyVehicle ? 'Clear vehicle' : clearLabel}
        </button>
      </div>
    ) : (
      <LoadError what="the parts" onRetry={() => void query.refetch()} />
    );
  } else if (!query.data) {
    body = (
      <div className={GRID} aria-busy="true">
        {Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, i) => (
          <PartCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (parts.length === 0) {
    body = (
      <EmptyState title="No parts match">
        <p className="text-base-content/80">
          {params.q ? (
            <>
              Nothing in the catalogue matches “{params.q}”{params.inStock ? ' in stock' : ''}
              {params.vehicle ? ' for your vehicle' : ''}.
            </>
          ) : params.inStock ? (
            `No part${params.vehicle ? ' for your vehicle' : ''} is in stock right now.`
          ) : (
            'No part in the catalogue fits your vehicle yet.'
          )}
        </p>
        {wayOut}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className={GRID} ref={gridRef}>
          {parts.slice(0, shown).map((part, index) => (
            <CatalogueCard
              key={part._id}
              part={part}
              eager={index < EAGER_CARDS}
              forVehicle={params.vehicle !== null}
            />
          ))}
        </div>
        {query.isFetchNextPageError ? (
          <LoadError className="mt-6" what="more parts" onRetry={() => void query.fetchNextPage()} />
        ) : null}
        {/* Under the last card once it is there: nothing below the cards moves as they arrive. */}
        {query.hasNextPage && shown === parts.length ? (
          <div className="mt-8 flex flex-col items-center gap-2">
            {total !== null ? (
              <p className="text-sm text-base-content/80">
                Showing {formatCount(parts.length)} of {partCount(total)}
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn-outline min-w-40"
              disabled={query.isFetchingNextPage}
              onClick={() => void loadMore()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <p aria-live="polite" aria-atomic="true" className="mb-4 min-h-6 font-medium">
        {announcement}
      </p>
      {body}
    </>
  );
}
