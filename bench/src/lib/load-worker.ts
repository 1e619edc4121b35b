/**
 * The load generator, run as its own process so it never shares an event loop with the server
 * under test: `node load-worker.ts '<json LoadSpec>'` prints one JSON `LoadResult` line.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load.ts';

const arg = process.argv[2] ?? '{}';
const spec = JSON.parse(arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg) as LoadSpec;

/**
 * Each request takes the next of `paths` and the next of `rotateHeaders` (each list round robin
 * over all connections), or autocannon's own path and headers where a list is empty.
 */
function rotate(paths: string[], headerSets: Record<string, string>[]) {
  let i = 0;
  return (request: { path?: string; headers?: Record<string, string> }) => {
    if (paths.length) request.path = paths[i % paths.length]!;
    if (headerSets.length) request.headers = { ...request.headers, ...headerSets[i % headerSets.length] };
    i += 1;
    return request;
  };
}

const result = await autocannon({
  url: spec.url,
  method: spec.method ?? 'GET',
  connections: spec.connections,
  duration: spec.durationSeconds,
  headers: spec.headers ?? {},
  ...(spec.body !== undefined ? { body: spec.body } : {}),
  // Every answer is compared with the expected bytes: a fast wrong answer must not count.
  ...(spec.expectBody !== undefined ? { expectBody: spec.expectBody } : {}),
  ...(spec.paths?.length || spec.rotateHeaders?.length
    ? { requests: [{ setupRequest: rotate(spec.paths ?? [], spec.rotateHeaders ?? []) }] }
    : {}),
});

const seconds = result.duration;
const out: LoadResult = {
  requestsPerSecond: result['2xx'] / seconds,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  mismatches: result.mismatches,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  seconds,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
