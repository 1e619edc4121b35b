import { useSyncExternalStore, type ComponentType } from 'react';

/** PRODUCT.md §9: a lazily loaded chunk that has not arrived after 120 s has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'error' | 'timeout';

/** PRODUCT.md §8: 'Loading chunk {id} failed', then the failure type and the chunk's address. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunkId: string;
  readonly type: ChunkFailure;
  readonly address: string;

  constructor(chunkId: string, type: ChunkFailure, address: string, options?: ErrorOptions) {
    super(`Loading chunk ${chunkId} failed.\n(${type}: ${address})`, options);
    this.chunkId = chunkId;
    this.type = type;
    this.address = address;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

type Loader<T> = () => Promise<T>;

/**
 * Where the chunk lives. Browsers name it in the import failure ("Failed to fetch dynamically
 * imported module: https://…/assets/blogs-page-x1.js"); otherwise (a time-out) it is read from
 * the loader itself, whose source is `() => import("./blogs-page-x1.js")` once bundled.
 */
export function chunkAddress(load: Loader<unknown>, error?: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const named = /(https?:\/\/[^\s'"]+|\/[^\s'"]+\.(?:m?js|tsx?|css))/.exec(message)?.[1];
  if (named) return named;
  const specifier = /import\(\s*(["'`])([^"'`]+)\1/.exec(Function.prototype.toString.call(load))?.[2];
  if (specifier) {
    try {
      return new URL(specifier, import.meta.url).href;
    } catch {
      return specifier;
    }
  }
  return 'unknown address';
}

/** How many chunks are on their way, for a loading indicator. */
let pendingChunks = 0;
const pendingListeners = new Set<() => void>();

function trackPending(delta: number) {
  pendingChunks += delta;
  for (const listener of pendingListeners) listener();
}

/** True while a page's chunk (a `lazyRoute`) is downloading. */
export function usePendingChunks(): boolean {
  return useSyncExternalStore(
    (listener) => {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    () => pendingChunks > 0,
    () => false,
  );
}

/** Run a chunk import with the time-out; every failure becomes a `ChunkLoadError`. */
export function loadChunk<T>(chunkId: string, load: Loader<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId, 'timeout', chunkAddress(load))), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, 'error', chunkAddress(load, error), { cause: error }));
      },
    );
  });
}

/**
 * `loadChunk` started once and shared by every caller; a failed download is not kept, so the next
 * call asks again (a toast, a form's first focus after a network blip).
 */
export function loadChunkOnce<T>(chunkId: string, load: Loader<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const started = loadChunk(chunkId, load);
      started.catch(() => {
        if (loading === started) loading = null;
      });
      loading = started;
    }
    return loading;
  };
}

/**
 * A route's `lazy` for a module whose default export is the route's component: the app turns
 * it into a page that suspends while the chunk loads (see app/lazy-pages.tsx).
 */
export function lazyRoute(chunkId: string, load: Loader<{ default: ComponentType }>) {
  return async () => {
    trackPending(1);
    try {
      const module = await loadChunk(chunkId, load);
      return { Component: module.default };
    } finally {
      trackPending(-1);
    }
  };
}
