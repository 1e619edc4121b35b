import type { ChunkLoadError } from '@/lib/lazy-route.ts';

/** PRODUCT.md §8's chunk failure text, with a way out. */
export function ChunkError({ error, onRetry }: { error: ChunkLoadError; onRetry?: () => void }) {
  const [first, ...rest] = error.message.split('\n');
  return (
    <div
      role="alert"
      className="mx-auto my-8 flex max-w-xl flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6"
    >
      <h2 className="text-lg font-semibold">{first}</h2>
      <p className="break-all font-mono text-sm text-base-content/80">{rest.join(' ')}</p>
      <p className="text-sm">Check your connection, then try again.</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onRetry ?? (() => window.location.reload())}>
        Retry
      </button>
    </div>
  );
}
