import { Suspense, type ReactNode } from 'react';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { useIdle } from '@/lib/use-idle.ts';

/**
 * Renders `children` (typically a lazy component: below-the-fold sections, the footer) once the
 * browser is idle, with nothing in its place until then, and the chunk error with Retry if its
 * code cannot be fetched. The state lives here, so the page around it does not render again.
 */
export function WhenIdle({ children, timeoutMs = 1000 }: { children: ReactNode; timeoutMs?: number }) {
  const idle = useIdle(timeoutMs);
  if (!idle) return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
