import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { notFound, unauthorized } from '../lib/errors.ts';

/** What the store counts about orders (one Prometheus series each): the order machine's events. */
export type OrderEvent = 'placed' | 'paid' | 'shipped' | 'cancelled' | 'expired' | 'refunded';
const ORDER_EVENTS: readonly OrderEvent[] = ['placed', 'paid', 'shipped', 'cancelled', 'expired', 'refunded'];

export interface Metrics {
  registry: Registry;
  /** Counts an order's step in its life (the orders module counts every event it emits). */
  order(event: OrderEvent, count?: number): void;
  /** The hold sweep finished a run (hold-sweeper.ts). */
  sweepRan(seconds: number, failed: boolean): void;
  /** Where the placing turns are read from (the orders module registers its machine's). */
  readPlacingTurns(read: () => { active: number; waiting: number }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Node-postgres's pool, told apart without importing `pg` (PGlite has no pool). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const poolOf = (client: unknown): PoolCounts | null =>
  typeof client === 'object' && client !== null && 'totalCount' in client && 'waitingCount' in client
    ? (client as PoolCounts)
    : null;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics for this instance (prom-client, one registry per app): request durations by
 * route pattern and status, order counters, the hold sweep's last run, the placing turns, and the
 * database pool.
 * `GET /api/metrics` answers them to `Authorization: Bearer $METRICS_TOKEN`; without a token
 * configured the route is 404, so nothing is readable by accident.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request durations by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const orders = new Counter({
      name: 'torque_orders_total',
      help: 'Order events: placed, paid, shipped, cancelled, expired (hold ended unpaid), refunded',
      labelNames: ['event'] as const,
      registers: [registry],
    });
    for (const event of ORDER_EVENTS) orders.inc({ event }, 0);
    const sweepLastRun = new Gauge({
      name: 'torque_hold_sweep_last_run_timestamp_seconds',
      help: 'When the hold sweep last finished (Unix time)',
      registers: [registry],
    });
    const sweepDuration = new Gauge({
      name: 'torque_hold_sweep_duration_seconds',
      help: 'How long the last hold sweep took',
      registers: [registry],
    });
    const sweepFailures = new Counter({
      name: 'torque_hold_sweep_failures_total',
      help: 'Hold sweeps that stopped on an error (the next one retries)',
      registers: [registry],
    });
    /** A gauge read at each scrape. */
    const readGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    const pool = poolOf(app.db.$client);
    if (pool) {
      readGauge('torque_db_pool_connections', 'Connections open in the PostgreSQL pool', () => pool.totalCount);
      readGauge('torque_db_pool_idle_connections', 'Open connections not in use', () => pool.idleCount);
      readGauge('torque_db_pool_waiting_requests', 'Queries waiting for a connection', () => pool.waitingCount);
    }

    // Placing takes turns per instance (orders/order-machine.ts): how many run and how many wait.
    let placingTurns = () => ({ active: 0, waiting: 0 });
    readGauge(
      'torque_placing_active',
      'Placing statements this instance is running (at most PLACING_CONCURRENCY)',
      () => placingTurns().active,
    );
    readGauge(
      'torque_placing_waiting',
      'Orders and checkouts waiting in this instance for their turn to place',
      () => placingTurns().waiting,
    );

    app.decorate('metrics', {
      registry,
      order: (event: OrderEvent, count = 1) => orders.inc({ event }, count),
      sweepRan(seconds: number, failed: boolean) {
        sweepLastRun.set(Date.now() / 1000);
        sweepDuration.set(seconds);
        if (failed) sweepFailures.inc();
      },
      readPlacingTurns(read) {
        placingTurns = read;
      },
    } satisfies Metrics);

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const expected = app.config.METRICS_TOKEN ? digest(app.config.METRICS_TOKEN) : null;
    app.get(
      '/api/metrics',
      {
        config: { access: 'token' },
        schema: { hide: true },
      },
      async (request, reply) => {
        if (!expected) throw notFound('Route GET:/api/metrics');
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!given || !timingSafeEqual(digest(given), expected)) {
          throw unauthorized('A valid metrics token is required', 'UNAUTHORIZED');
        }
        reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
        return registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['database', 'access'] },
);
