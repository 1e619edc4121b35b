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
 * One loop per probe, each sending its probe again and again with a short pause between requests
 * (pacing, so a fast 503 does not become a flood), recording every answer with when it started and
 * ended. A loop of its own per probe, not clients taking the probes in turn: while the database is
 * frozen most requests take their full 10 s query timeout, and a client going round eight probes
 * would come back to `health` only after a minute, so how soon a kind of request is seen failing
 * would measure the other kinds' timeouts, not its own.
 */
export function startTraffic(baseUrl: string, probes: Probe[], options: { boundMs: number }): Traffic {
  const { boundMs } = options;
  const exchanges: Exchange[] = [];
  let stopped = false;

  async function client(probe: Probe): Promise<void> {
    while (!stopped) {
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

  const running = Promise.all(probes.map((probe) => client(probe)));
  return {
    exchanges,
    async stop() {
      stopped = true;
      await running;
    },
  };
}
