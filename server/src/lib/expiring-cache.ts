import { LRUCache } from 'lru-cache';

/**
 * A bounded map whose entries each carry their own expiry (lru-cache underneath). An expired
 * entry is never returned; when full, the least recently used entry goes first.
 */
export interface ExpiringCache<V> {
  get(key: string, nowMs?: number): V | undefined;
  set(key: string, value: V, expiresAtMs: number): void;
  readonly size: number;
}

export function createExpiringCache<V>(maxEntries: number): ExpiringCache<V> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new Error(`maxEntries must be a positive integer, got ${maxEntries}`);
  // The expiry is checked here rather than by lru-cache's ttl (a duration on its own monotonic
  // clock): a token's expiry is a wall-clock instant, compared as jose compares it, and a caller
  // (a test) may pass its own clock.
  const entries = new LRUCache<string, { value: V; expiresAtMs: number }>({ max: maxEntries });
  return {
    get(key, nowMs = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (nowMs < entry.expiresAtMs) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, expiresAtMs) {
      entries.set(key, { value, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
}
