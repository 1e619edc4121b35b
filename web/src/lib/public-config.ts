import type { PublicConfig } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/config`: what the browser needs to know about the server's setup. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return request<PublicConfig>('/api/config', { signal });
}

/**
 * The same config as the server wrote it into index.html (`<script type="application/json"
 * id="public-config">`, server/src/plugins/spa.ts), read without a request; undefined where there
 * is none or it is not that shape (the Vite dev server, tests), and the query asks the API instead.
 * Checked by hand: the contract's zod schema would pull the forms chunk into the first load.
 */
export function inlinePublicConfig(doc: Document = document): PublicConfig | undefined {
  const text = doc.getElementById('public-config')?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { paymentProvider, stripePublishableKey, googleEnabled } = value as Record<string, unknown>;
    if (paymentProvider !== 'sandbox' && paymentProvider !== 'stripe') return undefined;
    if (typeof stripePublishableKey !== 'string' && stripePublishableKey !== null) return undefined;
    if (typeof googleEnabled !== 'boolean') return undefined;
    return { paymentProvider, stripePublishableKey, googleEnabled };
  } catch {
    return undefined;
  }
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryRoots.config,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // The config a server starts with is the config it has: the copy in the page never goes stale.
    initialData: inlinePublicConfig,
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
