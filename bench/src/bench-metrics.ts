/**
 * `npm run bench:metrics -w @torque/bench`: what the Prometheus metrics (server/src/plugins/metrics.ts)
 * add to a request, measured in-process with Fastify's inject, interleaving an app with the
 * metrics plugin and one without, on a route answering the catalogue's size of pre-serialised
 * bytes as `GET /api/parts` does. Load tests on this shared 2-core machine vary by ±30 % from run
 * to run (docs/PERFORMANCE.md), far more than the few per cent this is about; the difference of
 * two interleaved in-process loops, in CPU time of this process, is far steadier.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const REQUESTS = Number(process.env.BENCH_METRICS_REQUESTS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 15);
const CATALOGUE = JSON.stringify(
  Array.from({ length: 12 }, (_, i) => ({ _id: `id-${i}`, name: `Part ${i}`, des: 'x'.repeat(400), price: i })),
);

// A path tsc does not follow: the plugin's types need the whole server's declarations.
const metricsModule = '../../server/src/plugins/metrics.ts';
const { metricsPlugin } = (await import(metricsModule)) as { metricsPlugin: FastifyPluginAsync };

async function build(withMetrics: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // What the metrics plugin depends on, empty: no database pool (as on PGlite), no token.
  await app.register(
    fp(
      async (a) => {
        a.decorate('db', { $client: {} });
        a.decorate('config', {});
      },
      { name: 'database' },
    ),
  );
  await app.register(fp(async () => {}, { name: 'access' }));
  if (withMetrics) await app.register(metricsPlugin);
  app.get('/api/parts', { config: { access: 'public' } as object }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(CATALOGUE),
  );
  await app.ready();
  return app;
}

/** CPU time (user + system) of this process per request: on a busy machine wall time measures the neighbours. */
async function microsPerRequest(app: FastifyInstance): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/parts' });
    if (res.statusCode !== 200) throw new Error(`GET /api/parts answered ${res.statusCode}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REQUESTS;
}

/** The least disturbed round: neighbours on a shared machine only ever add time. */
const best = (xs: number[]) => Math.min(...xs);

const without = await build(false);
const withMetrics = await build(true);
await microsPerRequest(without);
await microsPerRequest(withMetrics);
const a: number[] = [];
const b: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  a.push(await microsPerRequest(without));
  b.push(await microsPerRequest(withMetrics));
}
const added = best(b) - best(a);
console.log(`without metrics: ${a.map((x) => x.toFixed(2)).join(', ')} µs/request (best ${best(a).toFixed(2)})`);
console.log(`with metrics:    ${b.map((x) => x.toFixed(2)).join(', ')} µs/request (best ${best(b).toFixed(2)})`);
console.log(
  `added by the metrics: ${added.toFixed(2)} µs per request (${((100 * added) / best(a)).toFixed(1)} % of this bare route)`,
);
const rps = Number(process.env.BENCH_PARTS_RPS ?? 0);
if (rps > 0) {
  const perRequest = 1e6 / rps;
  console.log(
    `GET /api/parts served at ${rps} req/s spends ${perRequest.toFixed(0)} µs per request: the metrics are ${((100 * added) / perRequest).toFixed(1)} % of it`,
  );
}
await without.close();
await withMetrics.close();
