/**
 * What the scale scenarios (catalogue-scale.ts, fitment-scale.ts, part-numbers-scale.ts) share: psql against the
 * scratch database, one measured row of requests, and EXPLAIN ANALYZE of each query.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { verdict } from '../lib/doc.ts';
import { assertClean, load, type LoadResult } from '../lib/load.ts';
import type { Settings } from './settings.ts';

const run = promisify(execFile);

/** One statement through psql; its unaligned, tuples-only output. */
export const psql = async (url: string, sql: string) =>
  (await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], { maxBuffer: 1 << 24 })).stdout.trim();

export interface Measured {
  label: string;
  path: string;
  result: LoadResult;
  goalMs?: number;
  /** With `warmupPaths`: how many distinct paths the measured run had to take turns over. */
  distinct?: number;
  /** With `tolerate`: what made the run unclean (timeouts, errors), kept instead of thrown. */
  problems?: string;
  /** With `cpuMs`: CPU milliseconds per answered request, of the server and of the database. */
  cpuPerRequest?: { serverMs: number; databaseMs: number };
}

/** CPU milliseconds used so far by the server process and by the database's backends. */
export type CpuMs = () => Promise<{ serverMs: number; databaseMs: number }>;

/**
 * `paths` in turn at the run's connections (or `connections`), after one request and a warm-up.
 * With `warmupPaths` the warm-up asks those instead, so that no measured request repeats one the
 * warm-up asked ("unasked" queries: `distinct` says how many the measured run had).
 */
export async function measure(
  label: string,
  base: string,
  paths: string[],
  settings: Settings,
  goalMs?: number,
  {
    allowNon2xx = false,
    warmupPaths,
    connections = settings.connections,
    warmupSeconds = settings.warmupSeconds,
    cpuMs,
    tolerate = false,
  }: {
    allowNon2xx?: boolean;
    warmupPaths?: string[];
    connections?: number;
    warmupSeconds?: number;
    cpuMs?: CpuMs;
    /** Record timeouts and errors in the row instead of stopping the run (a before-and-after's slow side). */
    tolerate?: boolean;
  } = {},
): Promise<Measured> {
  process.stdout.write(`  ${label}\n`);
  const spec = { url: `${base}${paths[0]}`, connections, paths };
  const warmup = warmupPaths ?? paths;
  // One request first: on a loaded machine a cold search can outlast the whole warm-up.
  const first = await fetch(`${base}${warmup[0]}`);
  if (!first.ok) throw new Error(`GET ${warmup[0]} → ${first.status}`);
  await first.arrayBuffer();
  if (warmupSeconds > 0) await load({ ...spec, paths: warmup, durationSeconds: warmupSeconds });
  const before = await cpuMs?.();
  const result = await load({ ...spec, durationSeconds: settings.durationSeconds });
  const after = await cpuMs?.();
  let problems: string | undefined;
  try {
    assertClean(label, result, { allowNon2xx });
  } catch (error) {
    if (!tolerate) throw error;
    problems = (error as Error).message.slice(label.length + 2);
    process.stdout.write(`    not clean: ${problems}\n`);
  }
  const answered = Math.max(1, result.ok + result.non2xx);
  const cpuPerRequest = before &&
    after && {
      serverMs: (after.serverMs - before.serverMs) / answered,
      databaseMs: (after.databaseMs - before.databaseMs) / answered,
    };
  process.stdout.write(
    `    ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms` +
      (warmupPaths ? `, ${result.ok + result.non2xx} requests over ${paths.length} distinct` : '') +
      (cpuPerRequest
        ? `, CPU per request: server ${cpuPerRequest.serverMs.toFixed(2)} ms, database ${cpuPerRequest.databaseMs.toFixed(2)} ms`
        : '') +
      '\n',
  );
  return {
    label,
    path: paths.length > 1 ? `${paths[0]} (+${paths.length - 1} more, in turn)` : paths[0]!,
    result,
    goalMs,
    ...(warmupPaths && { distinct: paths.length }),
    ...(cpuPerRequest && { cpuPerRequest }),
    ...(problems && { problems }),
  };
}

/** EXPLAIN ANALYZE of each query, in order, for the document. */
export async function explainAll(url: string, queries: { label: string; sql: string }[]) {
  const explains: { label: string; plan: string }[] = [];
  for (const q of queries)
    explains.push({
      label: q.label,
      plan: await psql(url, `explain (analyze, costs off, timing on, summary on) ${q.sql}`),
    });
  return explains;
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** The columns of a scale scenario's table of measured rows, each against its goal. */
export const GOAL_HEADER = ['request', 'req/s', 'p50', 'p99', 'goal'];
export const goalRows = (routes: Measured[]): string[][] =>
  routes.map((r) => [
    r.label,
    Math.round(r.result.requestsPerSecond).toLocaleString('en'),
    ms(r.result.latencyMs.p50),
    ms(r.result.latencyMs.p99),
    r.goalMs ? `p99 < ${r.goalMs} ms: ${verdict(r.result.latencyMs.p99 < r.goalMs)}` : 'for comparison',
  ]);
