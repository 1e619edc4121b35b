import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * The selector's lists: what the catalogue covers (`GET /api/vehicles/…`, public and cached by
 * the server). They change only when an admin edits fitment, so they stay fresh for a while.
 */
const STALE_MS = 10 * 60_000;

const get = <T>(path: string, params: Record<string, string>, signal: AbortSignal) =>
  request<T>(`/api/vehicles/${path}?${new URLSearchParams(params)}`.replace(/\?$/, ''), { signal });

export const makesQuery = () =>
  queryOptions({
    queryKey: [...queryRoots.vehicles, 'makes'],
    queryFn: ({ signal }) => get<string[]>('makes', {}, signal),
    staleTime: STALE_MS,
  });

export const modelsQuery = (make: string) =>
  queryOptions({
    queryKey: [...queryRoots.vehicles, 'models', make],
    queryFn: ({ signal }) => get<string[]>('models', { make }, signal),
    staleTime: STALE_MS,
  });

export const yearsQuery = (make: string, model: string) =>
  queryOptions({
    queryKey: [...queryRoots.vehicles, 'years', make, model],
    queryFn: ({ signal }) => get<number[]>('years', { make, model }, signal),
    staleTime: STALE_MS,
  });

export const enginesQuery = (make: string, model: string, year: string) =>
  queryOptions({
    queryKey: [...queryRoots.vehicles, 'engines', make, model, year],
    queryFn: ({ signal }) => get<string[]>('engines', { make, model, year }, signal),
    staleTime: STALE_MS,
  });
