/**
 * A bounded map whose entries each carry their own expiry. An expired entry is never
 * returned; when full, the oldest insertion goes first (a Map iterates in insertion order).
 */
export interface ExpiringCache<V> {
  get(key: string, nowMs?: number): V | undefined;
  set(key: string, value: V, expiresAtMs: number): void;
  readonly size: number;
}

export function createExpiringCache<V>(maxEntries: number): ExpiringCache<V> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new Error(`maxEntries must be a positive integer, got ${maxEntries}`);
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  return {
    get(key, nowMs = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (nowMs < entry.expiresAtMs) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, expiresAtMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
}
