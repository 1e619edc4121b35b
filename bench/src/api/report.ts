import type { TokenCost } from './token-cost.ts';
import { consoleTable, machineLine, table, today, verdict } from '../lib/doc.ts';
import { median, round, thousands } from '../lib/stats.ts';
import type { PairResult } from './pairs.ts';
import type { DatabaseReport } from './run-database.ts';
import type { Settings } from './settings.ts';

export interface ApiRun {
  settings: Settings;
  reports: DatabaseReport[];
  skipped: string[];
  postgresVersion: string | null;
  tokenCost: TokenCost;
  command: string;
}

interface GoalRow {
  what: string;
  database: string;
  goal: string;
  measured: string;
  pass: boolean | undefined;
}

const ratioText = (p: PairResult) =>
  `${round(p.ratio, 2).toFixed(2)} (${thousands(median(p.server))} vs ${thousands(median(p.baseline))} req/s)`;

function goalRows(r: DatabaseReport, connections: number): GoalRow[] {
  const db = r.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const pair = (what: string, goal: number, p: PairResult | undefined): GoalRow => ({
    what,
    database: db,
    goal: `ratio ≥ ${goal.toFixed(2)}`,
    measured: p ? ratioText(p) : 'not run',
    pass: p ? p.ratio >= goal : undefined,
  });
  const rows: GoalRow[] = [
    pair('`GET /api/parts` (catalogue, anonymous)', 0.6, r.catalogue),
    pair('`GET /api/parts/:id`', 0.55, r.part),
  ];
  rows.push({
    ...pair('`GET /api/order?email=` (20 orders, bearer)', 0.4, r.orderList),
    ...(r.ordersSkipped ? { measured: r.ordersSkipped } : {}),
  });
  const w = r.orderWrites;
  const minRate = r.kind === 'postgres' ? 1000 : 250;
  const writeGoal =
    r.kind === 'postgres'
      ? '≥ 1,000 orders/s, p99 < 100 ms, sold + remaining = initial'
      : '≥ 250 orders/s, sold + remaining = initial';
  rows.push({
    what: `\`POST /api/order\` (${connections} connections, 50 customers, one part with ample stock)`,
    database: db,
    goal: writeGoal,
    measured: w
      ? `${thousands(median(w.ordersPerSecond))} orders/s, p99 ${round(median(w.p99Ms))} ms; sold ${thousands(w.sold)} + remaining ${thousands(w.remaining)} = ${thousands(w.sold + w.remaining)} (initial ${thousands(w.initial)}; ${thousands(w.created)} × 201 counted)`
      : (r.ordersSkipped ?? 'not run'),
    pass: w
      ? median(w.ordersPerSecond) >= minRate && (r.kind !== 'postgres' || median(w.p99Ms) < 100) && w.consistent
      : undefined,
  });
  if (r.kind === 'postgres') {
    const m = r.memory;
    rows.push({
      what: 'server peak RSS during the catalogue load',
      database: db,
      goal: '≤ 250 MB',
      measured: m
        ? `${round(m.peakMb)} MB (VmHWM; highest sampled RSS during the load ${round(m.sampledMaxMb)} MB)`
        : 'not run',
      pass: m ? m.peakMb <= 250 : undefined,
    });
  }
  const limit = r.kind === 'postgres' ? 1500 : 3000;
  rows.push({
    what: 'start to first 200, existing database',
    database: db,
    goal: `≤ ${limit / 1000} s`,
    measured: `${round(median(r.restartMs))} ms (runs: ${r.restartMs.map((m) => round(m)).join(', ')}; first start on an empty database ${round(r.firstStartMs)} ms)`,
    pass: median(r.restartMs) <= limit,
  });
  return rows;
}

function tokenSection(run: ApiRun): string {
  const pg = run.reports.find((r) => r.token);
  const lines = [
    '### Access-token cost (issue #3)',
    '',
    `In-process, the server's own verifier (\`access-token.ts\`: Ed25519 signature, issuer, audience, expiry) takes **${round(run.tokenCost.firstMicros, 1)} µs** the first time it sees a token (mean over 2,000 distinct tokens after a warm-up), i.e. ~${thousands(1e6 / run.tokenCost.firstMicros)} new tokens/s on one core, and **${round(run.tokenCost.repeatMicros, 1)} µs** for each later request with the same token (the cache of verified tokens, kept until the token expires); the session-validity check after it is a memory lookup (a database read at most every 2 s per session).`,
  ];
  if (pg?.token) {
    const t = pg.token;
    lines.push(
      '',
      'Over HTTP on PostgreSQL, what was compared:',
      '',
      table(
        ['route', 'what it does', 'req/s (median)', 'bare node, same bytes', 'ratio'],
        [
          [
            '`GET /api/user?email=` with a bearer token',
            'token check + one user lookup',
            thousands(median(t.user.server)),
            thousands(median(t.user.baseline)),
            round(t.user.ratio, 2).toFixed(2),
          ],
          [
            '`GET /api/health`, anonymous',
            'one database round trip, no token',
            thousands(median(t.health.rps)),
            '—',
            '—',
          ],
          ['`GET /api/config`, anonymous', 'no database, no token', thousands(median(t.config.rps)), '—', '—'],
        ],
      ),
      '',
      `The three answer ${t.user.bodyBytes}, ${t.health.bodyBytes} and ${t.config.bodyBytes} bytes of JSON. \`/api/user\` against \`/api/health\` is the closest like-for-like: both make one database round trip, only the first checks a token.`,
    );
  }
  return lines.join('\n');
}

export function apiMarkdown(run: ApiRun): string {
  const { settings } = run;
  const rows = run.reports.flatMap((r) => goalRows(r, settings.connections));
  const pairs = run.reports.flatMap((r) =>
    [r.catalogue, r.part, r.token?.user, r.orderList]
      .filter((p): p is PairResult => Boolean(p))
      .map((p) => [r.kind, p] as const),
  );
  return [
    '## API (`npm run bench`)',
    '',
    `Measured ${today()} with \`${run.command}\` on ${machineLine(run.postgresVersion ? [`PostgreSQL ${run.postgresVersion}`] : [])}, PGlite (embedded).`,
    `Load: autocannon from its own process on loopback, ${settings.connections} connections, ${settings.durationSeconds} s a run, ${settings.runs} runs per pair (server and baseline alternating), ${settings.warmupSeconds} s warm-up; medians. Server: the production bundle \`server/dist/main.mjs\` (what \`npm start\` runs, built by \`server/build.ts\`) as its own process, NODE_ENV=production, LOG_LEVEL=${settings.logLevel}, RATE_LIMIT_SCALE=100000. Baseline: bare \`node:http\` in its own process answering the same bytes from memory; every answer of both is checked against those bytes.`,
    ...(run.skipped.length ? ['', ...run.skipped.map((s) => `- Not run: ${s}`)] : []),
    '',
    table(
      ['what', 'database', 'goal', 'measured', 'result'],
      rows.map((r) => [r.what, r.database, r.goal, r.measured, verdict(r.pass)]),
    ),
    '',
    '<details><summary>Every run</summary>',
    '',
    table(
      ['database', 'route', 'bytes', 'server req/s per run', 'baseline req/s per run', 'server p99 ms'],
      pairs.map(([kind, p]) => [
        kind,
        p.label,
        String(p.bodyBytes),
        p.server.map(thousands).join(', '),
        p.baseline.map(thousands).join(', '),
        p.serverP99Ms.join(', '),
      ]),
    ),
    '',
    '</details>',
    '',
    tokenSection(run),
  ].join('\n');
}

export function apiConsole(run: ApiRun): string {
  const rows = run.reports.flatMap((r) => goalRows(r, run.settings.connections));
  return consoleTable(
    ['what', 'db', 'goal', 'measured', 'result'],
    rows.map((r) => [r.what.replaceAll('`', ''), r.database, r.goal, r.measured, verdict(r.pass).replaceAll('*', '')]),
  );
}
