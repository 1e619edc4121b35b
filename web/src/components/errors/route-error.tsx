import { isChunkLoadError } from '@/lib/lazy-route.ts';
import { ChunkError } from './chunk-error.tsx';

/** What a page that failed shows: chunk failures (PRODUCT.md §8), and anything unexpected. */
export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) return <ChunkError error={error} />;
  return (
    <div
      role="alert"
      className="mx-auto my-8 flex max-w-xl flex-col items-start gap-3 rounded-box border border-base-300 p-6"
    >
      <h2 className="text-lg font-semibold">Something went wrong</h2>
      <p className="text-sm text-base-content/80">
        {error instanceof Error ? error.message : 'An unexpected error stopped this page.'}
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => window.location.reload()}>
        Retry
      </button>
    </div>
  );
}
