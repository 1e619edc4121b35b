import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { consoleTable, machineLine, table, today } from '../lib/doc.ts';
import { repoRoot } from '../lib/servers.ts';
import type { ScanResult, ScanSettings } from './run-sqlmap.ts';

export const securityDoc = path.join(repoRoot, 'docs/SECURITY.md');
const START = '<!-- bench:sqlmap:start -->';
const END = '<!-- bench:sqlmap:end -->';

function verdictOf(r: ScanResult): string {
  if (r.injectable.length) return `**INJECTABLE**: ${r.injectable.join('; ')}`;
  if (r.aborted) return `not fully tested: ${r.aborted}`;
  return r.rejected.length
    ? `not injectable (${r.rejected.length} candidate(s) rejected by sqlmap as false positives)`
    : 'not injectable';
}

/** sqlmap's names for what it tested, shortened: "path; body: email, password; headers: User-Agent". */
function pointsOf(r: ScanResult): string {
  const groups: Record<string, string[]> = {};
  for (const name of r.tested) {
    const quoted = /'([^']+)'/.exec(name)?.[1] ?? name;
    const [group, label] = /#1\*/.test(quoted)
      ? ['path', '']
      : quoted.startsWith('JSON ')
        ? ['body', quoted.slice(5)]
        : /^(User-Agent|Referer|Host)$/.test(quoted)
          ? ['headers', quoted]
          : r.target.where === 'cookie'
            ? ['cookie', quoted]
            : ['query', quoted];
    (groups[group] ??= []).push(label);
  }
  return Object.entries(groups)
    .map(([group, labels]) => (group === 'path' ? 'path' : `${group}: ${labels.join(', ')}`))
    .join('; ');
}
const errorsOf = (r: ScanResult) =>
  Object.entries(r.httpErrors)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || '–';

function rows(results: ScanResult[]): string[][] {
  return results.map((r) => [
    r.target.route,
    r.target.as,
    pointsOf(r) || '–',
    errorsOf(r),
    `${r.seconds.toFixed(0)} s`,
    verdictOf(r),
  ]);
}

const header = ['route', 'as', 'injection points tested', 'HTTP errors seen', 'time', 'verdict'];

export function consoleReport(results: ScanResult[]): string {
  return consoleTable(header, rows(results));
}

export function markdownReport(
  results: ScanResult[],
  settings: ScanSettings,
  version: string,
  database: string,
): string {
  const points = results.reduce((n, r) => n + r.tested.length, 0);
  const found = results.filter((r) => r.injectable.length);
  const hints = results.flatMap((r) => r.hints);
  const rejected = results.flatMap((r) => r.rejected.map((p) => `${r.target.route}: ${p}`));
  const seconds = results.reduce((n, r) => n + r.seconds, 0);
  return [
    `Last run ${today()} with sqlmap ${version} (\`--batch --level=${settings.level} --risk=${settings.risk}\`, every technique, no DBMS hint) against the server on ${database}; ${machineLine()}.`,
    '',
    `**${found.length ? `${found.length} route(s) INJECTABLE` : 'No injection found'}**: ${results.length} runs over ${new Set(results.map((r) => r.target.route.replace(/ \(.*\)$/, ''))).size} routes, ${points} injection points tested in ${Math.round(seconds / 60)} min` +
      `${hints.length ? `; heuristic hints: ${hints.join('; ')}` : '; no heuristic hint (no database error ever reached a response)'}.`,
    '',
    ...(rejected.length
      ? [
          `Candidates sqlmap raised and then rejected with its own false-positive check (answers that vary for other reasons, such as a fresh token or a slow password hash): ${rejected.join('; ')}.`,
          '',
        ]
      : []),
    table(header, rows(results)),
  ].join('\n');
}

/** Rewrites only the marked sqlmap section of docs/SECURITY.md, keeping the prose around it. */
export function writeSecuritySection(markdown: string): void {
  const current = existsSync(securityDoc) ? readFileSync(securityDoc, 'utf8') : '# Security\n';
  const block = `${START}\n${markdown.trim()}\n${END}`;
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + END.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(securityDoc, next);
}
