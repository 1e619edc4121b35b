import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '@/lib/lazy-route.ts';
import { ChunkError } from './chunk-error.tsx';

interface Props {
  children: ReactNode;
}
interface State {
  error: unknown;
}

/** Catches a failed `React.lazy` chunk inside a page; Retry renders the children again. */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkError error={error} onRetry={() => window.location.reload()} />;
    throw error;
  }
}
