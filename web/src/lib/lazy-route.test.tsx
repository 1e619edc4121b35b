import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/app/routes.tsx';
import { withLazyPages } from '@/app/lazy-pages.tsx';
import { RouteBoundary } from '@/app/route-boundary.tsx';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  chunkAddress,
  lazyRoute,
  loadChunk,
  usePendingChunks,
} from './lazy-route.ts';

const fetchFailure = () =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/blogs-page-x1.js'),
  );

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it("turns an import failure into 'Loading chunk {id} failed' with the type and address", async () => {
    const error = await loadChunk('blogs', fetchFailure).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe(
      'Loading chunk blogs failed.\n(error: http://localhost:3000/assets/blogs-page-x1.js)',
    );
  });

  it('gives up after 120 seconds with a timeout failure', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => {});
    const result = loadChunk('login', never).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as ChunkLoadError;
    expect(error.type).toBe('timeout');
    expect(error.message).toMatch(/^Loading chunk login failed\.\n\(timeout: /);
  });

  it('reads the address from the bundled loader when the browser names none', () => {
    // What a bundled loader looks like: () => import("./login-page-Ab12.js")
    const load = new Function('return import("./login-page-Ab12.js")') as () => Promise<unknown>;
    expect(chunkAddress(load)).toMatch(/\/login-page-Ab12\.js$/);
  });
});

describe('a route whose chunk fails', () => {
  it('shows the chunk error and a Retry button', async () => {
    const routes = withLazyPages([
      { element: <RouteBoundary />, children: [{ path: '/', lazy: lazyRoute('blogs', fetchFailure) }] },
    ]);
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Loading chunk blogs failed.')).toBeInTheDocument();
    expect(screen.getByText('(error: http://localhost:3000/assets/blogs-page-x1.js)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('usePendingChunks', () => {
  it("is true while a page's chunk downloads, for the navigation bar", async () => {
    let arrive!: (module: { default: () => null }) => void;
    const load = lazyRoute('blogs', () => new Promise((resolve) => (arrive = resolve)));
    const { result } = renderHook(() => usePendingChunks());
    expect(result.current).toBe(false);
    let loaded!: Promise<unknown>;
    act(() => {
      loaded = load();
    });
    expect(result.current).toBe(true);
    await act(async () => {
      arrive({ default: () => null });
      await loaded;
    });
    expect(result.current).toBe(false);
  });
});
