import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Target } from './targets.ts';

export interface ScanSettings {
  level: number;
  risk: number;
  outputDir: string;
}

export interface ScanResult {
  target: Target;
  /** The injection points sqlmap tried, as it names them ("GET parameter 'email'", "URI parameter '#1*'"). */
  tested: string[];
  /** Points sqlmap found injectable: any entry here is a finding. */
  injectable: string[];
  /** Heuristic "might be injectable" hints (a database error echoed back, typically). */
  hints: string[];
  /** Points that looked injectable until sqlmap's own false-positive check rejected them. */
  rejected: string[];
  /** Answers by HTTP error status, as sqlmap counts them. */
  httpErrors: Record<string, number>;
  seconds: number;
  /** sqlmap stopped before testing (connection refused, baseline failed…). */
  aborted?: string;
}

/** The installed sqlmap's version, or undefined when there is none. */
export function sqlmapVersion(): string | undefined {
  const probe = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return undefined;
  return probe.stdout.split('\n')[0]?.trim();
}

function sqlmapArgs(url: string, target: Target, callerArgs: string[], settings: ScanSettings): string[] {
  const args = ['-u', url, '--method', target.method, '--batch', '--flush-session', '--disable-coloring'];
  args.push(`--level=${settings.level}`, `--risk=${settings.risk}`, '--output-dir', settings.outputDir, ...callerArgs);
  if (target.expectedCodes?.length) args.push(`--ignore-code=${target.expectedCodes.join(',')}`);
  if (target.only?.length) args.push('-p', target.only.join(','));
  if (target.body !== undefined) args.push('--data', JSON.stringify(target.body));
  return args;
}

function parse(output: string): Omit<ScanResult, 'target' | 'seconds'> {
  const tested = new Set<string>();
  const hints = new Set<string>();
  const rejected = new Set<string>();
  for (const m of output.matchAll(
    /\] \[(?:WARNING|INFO)\] ((?:.+? )?parameter '[^']+') (?:does not seem to be injectable|is not injectable)/g,
  ))
    tested.add(m[1]!);
  // Only what survives sqlmap's own confirmation is a finding: it prints those as a block.
  const confirmed = /identified the following injection point\(s\)[^\n]*\n---\n([\s\S]*?)\n---/.exec(output)?.[1] ?? '';
  const injectable = [...confirmed.matchAll(/Parameter: ([^\n]+)\n\s+Type: ([^\n]+)/g)].map(
    (m) => `${m[1]!}: ${m[2]!}`,
  );
  for (const m of output.matchAll(
    /heuristic \(basic\) test shows that (.+? parameter '[^']+') might be injectable[^\n]*/g,
  ))
    hints.add(m[0]);
  for (const m of output.matchAll(/\] \[INFO\] ((?:.+? )?parameter '[^']+') appears to be '([^']+)' injectable/g)) {
    if (tested.has(m[1]!)) rejected.add(`${m[1]!} (${m[2]!})`);
  }
  const httpErrors: Record<string, number> = {};
  const errorsBlock = /HTTP error codes detected during run:\n([^\n]+)/.exec(output)?.[1] ?? '';
  for (const m of errorsBlock.matchAll(/(\d{3}) \([^)]*\) - (\d+) times/g)) httpErrors[m[1]!] = Number(m[2]);
  // sqlmap gave up on the target before testing everything: its complaint says why.
  const complaints = [...output.matchAll(/\[(?:CRITICAL|ERROR)\] ([^\n]+)/g)]
    .map((m) => m[1]!)
    .filter(
      (c) =>
        !/all tested parameters do not appear to be injectable|content appears to be heavily dynamic|protected by some kind of WAF\/IPS/.test(
          c,
        ),
    );
  const aborted =
    complaints.at(-1) ?? (tested.size === 0 && injectable.length === 0 ? 'no parameter was tested' : undefined);
  return {
    tested: [...tested],
    injectable,
    hints: [...hints],
    rejected: [...rejected],
    httpErrors,
    ...(aborted && { aborted }),
  };
}

/** Runs sqlmap against one target and reads its verdict from its console output, which it keeps as `<logName>.txt`. */
export async function scan(
  baseUrl: string,
  target: Target,
  callerArgs: string[],
  settings: ScanSettings,
  logName: string,
): Promise<ScanResult> {
  const started = performance.now();
  const child = spawn('sqlmap', sqlmapArgs(`${baseUrl}${target.path}`, target, callerArgs, settings), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  writeFileSync(path.join(settings.outputDir, `${logName}.txt`), output);
  const result = parse(output);
  if (code !== 0 && !result.aborted) result.aborted = `sqlmap exited with ${code}`;
  return { target, ...result, seconds: (performance.now() - started) / 1000 };
}
