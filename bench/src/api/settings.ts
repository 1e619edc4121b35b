/** Knobs, from the environment, so a quick run and the full one use the same code. */
function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/**
 * `scale`: the catalogue at 100,000 parts on PostgreSQL (api/catalogue-scale.ts);
 * `orders-scale`: the admin's orders list and CSV export at 100,000 orders (api/orders-scale.ts);
 * `fitment`: the vehicle selector and filter at 2,000,000 fitment rows (api/fitment-scale.ts).
 * `numbers`: part numbers at 1,000,000 cross-references and their import (api/part-numbers-scale.ts).
 * `checkout`: POST /api/checkout of 20-line and 3-line carts (api/checkout.ts).
 * `shipping`: GET /api/shipping/options for a 200-line cart (api/shipping.ts).
 * `price-lists`: GET /api/parts?limit=24 for a company buyer with price lists (api/price-lists.ts).
 */
export const SCENARIOS = [
  'catalogue',
  'part',
  'token',
  'orders',
  'scale',
  'orders-scale',
  'fitment',
  'numbers',
  'checkout',
  'shipping',
  'price-lists',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface Settings {
  /** Seconds of load per measured run (autocannon -d). */
  durationSeconds: number;
  /** Measured runs per pair (median reported); at least 3 for the goals. */
  runs: number;
  /** Concurrent connections (autocannon -c), the same for the server and its baseline. */
  connections: number;
  /** Seconds of unmeasured load before each route, so the JIT and caches are warm. */
  warmupSeconds: number;
  /** Restarts measured for start-to-first-200 on an existing database. */
  restarts: number;
  /** Which databases to run: postgres, pglite or both. */
  databases: ('postgres' | 'pglite')[];
  /** The server's LOG_LEVEL under load. */
  logLevel: string;
  /**
   * What to measure (`npm run bench -- scale part` or BENCH_SCENARIOS=scale,part; default all):
   * catalogue (with memory), part, token, orders, scale.
   */
  scenarios: Scenario[];
}

export function readSettings(): Settings {
  const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite')
    .split(',')
    .map((d) => d.trim())
    .filter((d): d is 'postgres' | 'pglite' => d === 'postgres' || d === 'pglite');
  return {
    durationSeconds: positive('BENCH_DURATION', 8),
    runs: Math.round(positive('BENCH_RUNS', 3)),
    connections: Math.round(positive('BENCH_CONNECTIONS', 50)),
    warmupSeconds: positive('BENCH_WARMUP', 2),
    restarts: Math.round(positive('BENCH_RESTARTS', 3)),
    databases: databases.length ? databases : ['postgres', 'pglite'],
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    scenarios: scenarioNames(),
  };
}

/** Scenario names from the command line (`npm run bench -- scale`), else BENCH_SCENARIOS, else all. */
function scenarioNames(): Scenario[] {
  const given = process.argv.slice(2).length ? process.argv.slice(2).join(',') : process.env.BENCH_SCENARIOS;
  if (!given) return [...SCENARIOS];
  const names = given.split(',').map((s) => s.trim());
  const unknown = names.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.join(', ')}`);
  return names as Scenario[];
}
