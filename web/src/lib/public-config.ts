import type { PublicConfig } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http.ts';

/** `GET /api/config`: what the browser needs to know about the server's setup. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return request<PublicConfig>('/api/config', { signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: ({ signal }) => getPublicConfig(signal), staleTime: Infinity });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
