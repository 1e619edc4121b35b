import { Component, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteError } from '@/components/errors/route-error.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';

interface CatcherProps {
  children: ReactNode;
  /** The page's address: moving elsewhere clears an error shown here. */
  resetKey: string;
}
interface CatcherState {
  error: unknown;
  errorKey: string | null;
}

class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { error };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    if (state.error === null) return null;
    if (state.errorKey === null) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: null, errorKey: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * Where pages render: a spinner while the first page's chunk arrives (later navigations keep
 * the current page up meanwhile, as they run in transitions), and the error page for a chunk
 * that failed to load or a page that threw, with the navbar and footer still around it.
 */
export function RouteBoundary({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorCatcher resetKey={pathname}>
      {/* At least a screen tall (less the navbar): the footer starts below the fold, so a page
          arriving, or growing as its data comes, never shoves visible content (layout shift). */}
      <div className="min-h-[calc(100svh-4rem)]">
        <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
      </div>
    </ErrorCatcher>
  );
}
