import type { Part } from '@torque/contract';
import { serialise, type SerialisedBody } from './serialised-body.ts';

/**
 * How long a snapshot is trusted without a local write. Writes through this process invalidate
 * at once; the age bounds how long another instance's writes (several servers on one
 * PostgreSQL) stay unseen here.
 */
export const CATALOGUE_MAX_AGE_MS = 1000;

interface Snapshot {
  list: SerialisedBody;
  parts: Map<string, Part>;
  /** Each part's body, serialised on first request. */
  bodies: Map<string, SerialisedBody>;
  loadedAt: number;
}

export interface CatalogueCacheOptions {
  maxAgeMs?: number;
  now?: () => number;
  /** A background refresh failed; the last snapshot keeps being served meanwhile. */
  onRefreshError?: (error: unknown) => void;
}

/**
 * The catalogue, read from the database once and serialised once, until something changes it.
 * `invalidate()` (called on every part or stock change) drops the snapshot; a load that was
 * already running when it was called is not kept, so a write is never hidden by an older read.
 * A snapshot only past its age is served while one refresh runs behind it.
 */
export function createCatalogueCache(load: () => Promise<Part[]>, options: CatalogueCacheOptions = {}) {
  const { maxAgeMs = CATALOGUE_MAX_AGE_MS, now = Date.now, onRefreshError = () => {} } = options;
  let generation = 0;
  let snapshot: Snapshot | null = null;
  let loading: { generation: number; promise: Promise<Snapshot> } | null = null;

  function refresh(): Promise<Snapshot> {
    if (loading?.generation === generation) return loading.promise;
    const started = generation;
    const loadedAt = now();
    const promise = load()
      .then((parts): Snapshot => {
        const built = {
          list: serialise(parts),
          parts: new Map(parts.map((p) => [p._id, p])),
          bodies: new Map(),
          loadedAt,
        };
        if (started === generation) snapshot = built;
        return built;
      })
      .finally(() => {
        if (loading?.promise === promise) loading = null;
      });
    loading = { generation: started, promise };
    return promise;
  }

  async function current(): Promise<Snapshot> {
    if (!snapshot) return refresh();
    if (now() - snapshot.loadedAt >= maxAgeMs) refresh().catch(onRefreshError);
    return snapshot;
  }

  return {
    async list(): Promise<SerialisedBody> {
      return (await current()).list;
    },
    /** A part's body, or undefined when this snapshot has no such part. */
    async part(id: string): Promise<SerialisedBody | undefined> {
      const { parts, bodies } = await current();
      const cached = bodies.get(id);
      if (cached) return cached;
      const part = parts.get(id);
      if (!part) return undefined;
      const body = serialise(part);
      bodies.set(id, body);
      return body;
    },
    invalidate(): void {
      generation += 1;
      snapshot = null;
    },
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
