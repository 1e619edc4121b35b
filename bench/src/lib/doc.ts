import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './servers.ts';

export const performanceDoc = path.join(repoRoot, 'docs/PERFORMANCE.md');

export type Section =
  | 'api'
  | 'web'
  | 'catalogue'
  | 'stats'
  | 'orders'
  | 'fitment'
  | 'numbers'
  | 'invoice'
  | 'checkout'
  | 'shipping'
  | 'price-lists'
  | 'floor';

const markers = (section: Section) => [`<!-- bench:${section}:start -->`, `<!-- bench:${section}:end -->`] as const;

/**
 * Each benchmark owns one marked section of docs/PERFORMANCE.md and rewrites only that, so
 * `npm run bench` keeps `npm run bench:web`'s figures and the prose around them, and vice versa.
 */
export function writeSection(section: Section, markdown: string): void {
  const [start, end] = markers(section);
  const current = existsSync(performanceDoc) ? readFileSync(performanceDoc, 'utf8') : '# Performance\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(performanceDoc, next);
}

export function machineLine(extra: string[] = []): string {
  const cpus = os.cpus();
  const parts = [
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'})`,
    `${Math.round(os.totalmem() / 2 ** 30)} GB RAM`,
    `Linux ${os.release()}`,
    `Node ${process.version}`,
    ...extra,
  ];
  return parts.join(' · ');
}

export const today = () => new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The same table for a terminal: columns padded to their widest cell. */
export function consoleTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const verdict = (pass: boolean | undefined) => (pass === undefined ? 'not run' : pass ? 'pass' : '**FAIL**');
