import { setTimeout as sleep } from 'node:timers/promises';
import { call, type CallOptions } from '@torque/testkit';

export interface Probe {
  name: string;
  method: string;
  path: string;
  options?: CallOptions;
}

export interface Exchange {
  probe: string;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no answer came (connection refused or reset: the server died). */
  status: number;
  body: unknown;
  retryAfter: string | null;
  /** Set when the request was still open at the bound: a hang. */
  hung?: true;
}

export interface Traffic {
  exchanges: Exchange[];
  stop(): Promise<void>;
}

/**
 * `clients` loops, each sending the probes in turn with a short pause between requests (pacing,
 * so a fast 503 does not become a flood), recording every answer with when it started and ended.
 */
export function startTraffic(
  baseUrl: string,
  probes: Probe[],
  options: { clients?: number; boundMs: number },
): Traffic {
  const { clients = 4, boundMs } = options;
  const exchanges: Exchange[] = [];
  let stopped = false;

  async function client(offset: number): Promise<void> {
    for (let i = offset; !stopped; i++) {
      const probe = probes[i % probes.length]!;
      const startedAt = Date.now();
      try {
        const res = await call(baseUrl, probe.method, probe.path, { ...probe.options, boundMs });
        exchanges.push({
          probe: probe.name,
          startedAt,
          endedAt: Date.now(),
          status: res.status,
          body: res.body,
          retryAfter: res.headers.get('retry-after'),
        });
      } catch (error) {
        const hung = /within \d+ ms/.test((error as Error).message);
        exchanges.push({
          probe: probe.name,
          startedAt,
          endedAt: Date.now(),
          status: 0,
          body: String(error),
          retryAfter: null,
          ...(hung && { hung: true as const }),
        });
      }
      await sleep(50);
    }
  }

  const running = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return {
    exchanges,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
