import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const worker = path.join(import.meta.dirname, 'load-worker.ts');

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  expectBody?: string;
  /** Paths (with query) requested in turn on `url`'s host instead of its own, e.g. to defeat a cache. */
  paths?: string[];
  /** Headers each request takes in turn on top of `headers`, e.g. several customers' tokens. */
  rotateHeaders?: Record<string, string>[];
}

export interface LoadResult {
  /** Successful (2xx) answers per second. */
  requestsPerSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  latencyMs: { p50: number; p99: number; max: number };
  seconds: number;
}

/** Loads `spec.url` with autocannon from a separate process on loopback. */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  // A long list of paths does not fit in one argument (E2BIG): it goes through a file.
  let arg = JSON.stringify(spec);
  if (arg.length > 64 * 1024) {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'torque-load-')), 'spec.json');
    writeFileSync(file, arg);
    arg = `@${file}`;
  }
  const { stdout } = await run(process.execPath, [worker, arg], { maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
  return result;
}

/** A run that answered anything but the expected 2xx bytes measured the wrong thing. */
export function assertClean(label: string, result: LoadResult, { allowNon2xx = false } = {}): void {
  const problems = [
    result.errors && `${result.errors} errors`,
    result.timeouts && `${result.timeouts} timeouts`,
    result.mismatches && `${result.mismatches} bodies differing from the expected bytes`,
    !allowNon2xx && result.non2xx && `${result.non2xx} non-2xx answers ${JSON.stringify(result.statusCodes)}`,
    result.ok === 0 && 'no successful answer',
  ].filter(Boolean);
  if (problems.length) throw new Error(`${label}: ${problems.join(', ')}`);
}
