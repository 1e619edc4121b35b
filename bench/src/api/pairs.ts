import path from 'node:path';
import { assertClean, load, type LoadResult } from '../lib/load.ts';
import { startBaselineServer } from '../lib/servers.ts';
import { median } from '../lib/stats.ts';
import type { Settings } from './settings.ts';

export interface PairResult {
  label: string;
  bodyBytes: number;
  /** Successful answers per second, one per run. */
  server: number[];
  baseline: number[];
  serverP99Ms: number[];
  /** Median of the per-run ratios server / baseline (each run pairs the two back to back). */
  ratio: number;
}

export interface PairSpec {
  label: string;
  /** The real server's URL of the route. */
  url: string;
  headers?: Record<string, string>;
  /** The exact bytes the route answers; the baseline serves them and both are checked against them. */
  body: Buffer;
}

/** Load with the run's shared settings; throw unless every answer was the expected 2xx. */
async function measure(
  label: string,
  url: string,
  spec: PairSpec,
  settings: Settings,
  seconds = settings.durationSeconds,
): Promise<LoadResult> {
  const result = await load({
    url,
    connections: settings.connections,
    durationSeconds: seconds,
    headers: spec.headers ?? {},
    expectBody: spec.body.toString(),
  });
  assertClean(label, result);
  return result;
}

/**
 * The route on the real server against bare `node:http` serving the same bytes, with the
 * same connections and duration, alternating server and baseline run by run.
 */
export async function comparePair(spec: PairSpec, settings: Settings, workDir: string): Promise<PairResult> {
  const baseline = await startBaselineServer(
    spec.body,
    path.join(workDir, `baseline-${spec.label.replace(/\W+/g, '-')}.body`),
  );
  const baselineUrl = `${baseline.url}${new URL(spec.url).pathname}${new URL(spec.url).search}`;
  try {
    await measure(`${spec.label} warm-up`, spec.url, spec, settings, settings.warmupSeconds);
    await measure(`${spec.label} baseline warm-up`, baselineUrl, spec, settings, Math.min(1, settings.warmupSeconds));
    const result: PairResult = {
      label: spec.label,
      bodyBytes: spec.body.length,
      server: [],
      baseline: [],
      serverP99Ms: [],
      ratio: NaN,
    };
    const ratios: number[] = [];
    for (let run = 0; run < settings.runs; run++) {
      const server = await measure(spec.label, spec.url, spec, settings);
      const bare = await measure(`${spec.label} baseline`, baselineUrl, spec, settings);
      result.server.push(server.requestsPerSecond);
      result.serverP99Ms.push(server.latencyMs.p99);
      result.baseline.push(bare.requestsPerSecond);
      ratios.push(server.requestsPerSecond / bare.requestsPerSecond);
      process.stdout.write(
        `    run ${run + 1}: ${Math.round(server.requestsPerSecond)} vs ${Math.round(bare.requestsPerSecond)} req/s\n`,
      );
    }
    result.ratio = median(ratios);
    return result;
  } finally {
    await baseline.stop();
  }
}

/** A route alone (no baseline), e.g. a comparison point of similar size. */
export interface AloneResult {
  label: string;
  bodyBytes: number;
  rps: number[];
  p99Ms: number[];
}

export async function measureAlone(spec: PairSpec, settings: Settings): Promise<AloneResult> {
  await measure(`${spec.label} warm-up`, spec.url, spec, settings, settings.warmupSeconds);
  const out: AloneResult = { label: spec.label, bodyBytes: spec.body.length, rps: [], p99Ms: [] };
  for (let run = 0; run < settings.runs; run++) {
    const r = await measure(spec.label, spec.url, spec, settings);
    out.rps.push(r.requestsPerSecond);
    out.p99Ms.push(r.latencyMs.p99);
    process.stdout.write(`    run ${run + 1}: ${Math.round(r.requestsPerSecond)} req/s\n`);
  }
  return out;
}
