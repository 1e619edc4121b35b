import { useSyncExternalStore } from 'react';
import { tokenStorage } from '../token-storage.ts';

/** The stored access token, re-rendering when it is set or removed (in this tab or another). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStorage.subscribe, tokenStorage.get, () => null);
}
