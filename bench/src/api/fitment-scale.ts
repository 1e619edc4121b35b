/**
 * Fitment at 100,000 parts with 2,000,000 fitment rows on PostgreSQL (issue 20): the selector's
 * models list and a vehicle-filtered first page at the run's connections, each cached and with
 * the cache defeated, with p99; and EXPLAIN ANALYZE of each query, showing the vehicle index.
 * Run alone: `npm run bench -- fitment`; PostgreSQL only.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchDatabase, signUp } from '@torque/testkit';
import { consoleTable, machineLine, table, today } from '../lib/doc.ts';
import { adminUrl } from '../lib/postgres.ts';
import { startAppServer, type RunningServer } from '../lib/servers.ts';
import { GENERATE, SCALE_PARTS } from './catalogue-scale.ts';
import { ADMIN_EMAIL, serverEnv } from './run-database.ts';
import { explainAll, GOAL_HEADER, goalRows, measure, psql, type Measured } from './scale-kit.ts';
import type { Settings } from './settings.ts';

const ROWS_PER_PART = 20;
export const FITMENT_ROWS = SCALE_PARTS * ROWS_PER_PART;
const PAGE = 20;
const MAKES = [
  'Volkswagen',
  'Toyota',
  'Ford',
  'BMW',
  'Audi',
  'Renault',
  'Opel',
  'Peugeot',
  'Skoda',
  'Mercedes-Benz',
  'Honda',
  'Nissan',
  'Hyundai',
  'Kia',
  'Mazda',
  'Fiat',
  'Volvo',
  'Seat',
  'Citroen',
  'Dacia',
];
const MODELS_PER_MAKE = 50;
const ENGINES = ['1.0 TSI', '1.4 TSI', '2.0 TDI', '1.6 HDi', '2.0 Hybrid'];

/**
 * 2,000,000 rows in one set-based statement: 20 per part, spread over 20 makes × 50 models
 * (2,000 rows per model), ranges of 1–8 years starting 1990–2019, a third of them for one
 * engine; every 100th part is universal.
 */
const GENERATE_FITMENT = `
insert into part_fitment (part_id, make, model, year_from, year_to, engine, note)
select p.id,
  (array['${MAKES.join("','")}'])[1 + (p.n * 7 + k) % ${MAKES.length}],
  'Model ' || (1 + (p.n * 13 + k * 7) % ${MODELS_PER_MAKE})::text,
  1990 + (p.n * 31 + k * 17) % 30,
  1990 + (p.n * 31 + k * 17) % 30 + (p.n + k) % 8,
  case when k % 3 = 0 then (array['${ENGINES.join("','")}'])[1 + (p.n + k) % ${ENGINES.length}] end,
  case when k % 10 = 0 then 'Front axle' end
from (select id, row_number() over (order by created_at, id) as n from parts) p
cross join generate_series(0, ${ROWS_PER_PART - 1}) k`;

export interface FitmentScaleReport {
  settings: Settings;
  generateSeconds: number;
  routes: Measured[];
  explains: { label: string; plan: string }[];
  loadAverage: { before: number; after: number };
  /** `POST /api/fitment/import` of IMPORT_LINES lines: the dry run, then the real one. */
  imports: { label: string; seconds: number; answer: string }[];
}

/** An import's size: 20 rows for each of 5,000 parts, replacing the 100,000 rows they had. */
export const IMPORT_LINES = 100_000;
const IMPORT_ROWS_PER_PART = 20;

/** A CSV of IMPORT_LINES lines for the catalogue's first parts, as an admin's export would look. */
async function importCsv(databaseUrl: string): Promise<string> {
  const ids = (
    await psql(databaseUrl, `select id from parts order by created_at, id limit ${IMPORT_LINES / IMPORT_ROWS_PER_PART}`)
  ).split('\n');
  const lines = ids.flatMap((id, p) =>
    Array.from({ length: IMPORT_ROWS_PER_PART }, (_, k) => {
      const from = 1995 + ((p + k) % 25);
      const engine = k % 3 === 0 ? ENGINES[k % ENGINES.length] : '';
      return `${id},${MAKES[(p + k) % MAKES.length]},Model ${1 + ((p * 3 + k) % MODELS_PER_MAKE)},${from},${from + (k % 6)},${engine},${k % 10 === 0 ? '"Front axle, left"' : ''}`;
    }),
  );
  return ['partId,make,model,yearFrom,yearTo,engine,note', ...lines].join('\n') + '\n';
}

async function timeImport(base: string, token: string, csv: string, dryRun: boolean) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/fitment/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', origin: base },
    body: csv,
  });
  const answer = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`import → ${res.status} ${answer.slice(0, 300)}`);
  process.stdout.write(`    ${dryRun ? 'dry run' : 'applied'}: ${seconds.toFixed(2)} s ${answer}\n`);
  return { label: dryRun ? 'dry run (validates, changes nothing)' : 'applied (one transaction)', seconds, answer };
}

/** A vehicle per (i): every make and model, years across the generated ranges. */
const vehicleQuery = (i: number) =>
  `make=${MAKES[i % MAKES.length]}&model=Model%20${1 + ((i * 7) % MODELS_PER_MAKE)}&year=${1992 + ((i * 11) % 30)}`;

/** The SQL of each measured request as catalogue/fitment/fitment-sql.ts and catalogue/search/search-repository.ts build it, values inlined. */
function explainQueries(): { label: string; sql: string }[] {
  const match = `lower(f.make) = lower('Volkswagen') and lower(f.model) = lower('Model 19') and f.year_from <= 2005 and f.year_to >= 2005`;
  const branches = [
    `"parts"."id" = any(array(select u.id from parts u where u.universal))`,
    `not "parts"."universal" and "parts"."id" = any(array(select f.part_id from part_fitment f where ${match}))`,
  ];
  const page = branches
    .map((b) => `(select "parts"."id" from parts where ${b} order by created_at, id limit ${PAGE + 1})`)
    .join(' union all ');
  return [
    {
      label: 'models of a make (uncached: a skip through the vehicle index)',
      sql: `with recursive m(k, name) as ((select lower(f.model), f.model from part_fitment f where lower(f.make) = lower('Volkswagen') order by lower(f.model) limit 1) union all select n.k, n.name from m cross join lateral (select lower(f.model) as k, f.model as name from part_fitment f where lower(f.make) = lower('Volkswagen') and lower(f.model) > m.k order by lower(f.model) limit 1) n) select name from m order by k`,
    },
    {
      label: 'vehicle-filtered first page',
      sql: `select * from parts where "parts"."id" in (${page}) order by created_at, id limit ${PAGE + 1}`,
    },
    {
      label: 'its X-Total-Count (the two sets counted apart and added)',
      sql: branches.map((b) => `select count(*)::int from parts where ${b}`).join(' union all '),
    },
    {
      label: "the page's fitting rows (`fits`)",
      sql: `select f.* from (select * from part_fitment where part_id in (select id from parts order by created_at limit ${PAGE}) offset 0) f where ${match} order by f.make, f.model, f.year_from`,
    },
    {
      label: 'years of a model',
      sql: `select distinct y from part_fitment f, generate_series(f.year_from::int, f.year_to::int) y where lower(f.make) = lower('Volkswagen') and lower(f.model) = lower('Model 19') order by y desc`,
    },
  ];
}

export async function runFitmentScale(settings: Settings): Promise<FitmentScaleReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_fitment' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-fitment-'));
  let server: RunningServer | undefined;
  const loadBefore = os.loadavg()[0]!;
  try {
    console.log(
      `\nfitment at ${SCALE_PARTS.toLocaleString('en')} parts, ${FITMENT_ROWS.toLocaleString('en')} rows (PostgreSQL)`,
    );
    server = await startAppServer({
      env: serverEnv(settings, path.join(workDir, 'data'), database.url),
      logFile: path.join(workDir, 'server.log'),
    });
    const base = server.url;
    process.stdout.write('  generating parts and fitment\n');
    const t0 = performance.now();
    await psql(database.url, GENERATE);
    await psql(
      database.url,
      // Every 100th part of the catalogue's order: spread through every page, as a real catalogue's are.
      `update parts set universal = true where id in (select id from (select id, row_number() over (order by created_at, id) as n from parts) p where n % 100 = 0)`,
    );
    await psql(database.url, GENERATE_FITMENT);
    // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
    await psql(database.url, 'vacuum analyze parts');
    await psql(database.url, 'vacuum analyze part_fitment');
    const generateSeconds = (performance.now() - t0) / 1000;
    process.stdout.write(`  generated in ${generateSeconds.toFixed(1)} s\n`);
    // Another process wrote the rows: the server's caches see them within their 1 s age.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
    const routes: Measured[] = [];
    routes.push(await measure('models of a make', base, ['/api/vehicles/models?make=Volkswagen'], settings, 50));
    routes.push(
      await measure(
        'engines, 3,000 vehicles in turn (uncached)',
        base,
        many(3000, (i) => `/api/vehicles/engines?${vehicleQuery(i)}`),
        settings,
      ),
    );
    routes.push(
      await measure('vehicle-filtered first page', base, [`/api/parts?limit=${PAGE}&${vehicleQuery(7)}`], settings, 50),
    );
    // More distinct vehicles than the page cache holds (256): each request reaches PostgreSQL.
    // For comparison, as the catalogue's uncached rows: 50 connections on 2 cores queue for
    // whatever a query costs, so their p99 shows the machine's throughput more than the query.
    routes.push(
      await measure(
        'first pages, 3,000 vehicles in turn (uncached)',
        base,
        many(3000, (i) => `/api/parts?limit=${PAGE}&${vehicleQuery(i)}`),
        settings,
      ),
    );
    const explains = await explainAll(database.url, explainQueries());
    // Last: the real import replaces the fitment of 5,000 parts.
    process.stdout.write(`  POST /api/fitment/import, ${IMPORT_LINES.toLocaleString('en')} lines\n`);
    const admin = await signUp(base, ADMIN_EMAIL, { headers: { origin: base } });
    const csv = await importCsv(database.url);
    const imports = [await timeImport(base, admin.token, csv, true), await timeImport(base, admin.token, csv, false)];
    return {
      settings,
      generateSeconds,
      routes,
      explains,
      imports,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    await server?.stop();
    await database.drop().catch((error: unknown) => console.error(`could not drop ${database.url}: ${String(error)}`));
  }
}

const HEADER = GOAL_HEADER;
const rows = (report: FitmentScaleReport): string[][] => goalRows(report.routes);

export const fitmentScaleConsole = (report: FitmentScaleReport) => consoleTable(HEADER, rows(report));

export function fitmentScaleMarkdown(report: FitmentScaleReport, postgresVersion: string | null): string {
  const s = report.settings;
  return `## Fitment at ${SCALE_PARTS.toLocaleString('en')} parts and ${FITMENT_ROWS.toLocaleString('en')} rows (\`npm run bench -- fitment\`)

Measured ${today()} with \`npm run bench -- fitment\` on ${machineLine([`PostgreSQL ${postgresVersion ?? '?'}`])}. The production bundle on a temporary PostgreSQL database, LOG_LEVEL=${s.logLevel}, ${s.connections} connections, ${s.warmupSeconds} s warm-up then ${s.durationSeconds} s per row, load generator on the same 2 cores. ${SCALE_PARTS.toLocaleString('en')} generated parts (1 % universal) and ${FITMENT_ROWS.toLocaleString('en')} fitment rows (20 per part over ${MAKES.length} makes × ${MODELS_PER_MAKE} models, ranges of 1–8 years, a third engine-qualified), set-based with \`generate_series\`, ${report.generateSeconds.toFixed(1)} s with \`VACUUM ANALYZE\`. The machine's 1-minute load average was ${report.loadAverage.before.toFixed(1)} before and ${report.loadAverage.after.toFixed(1)} after (2 cores; above 2, other work competed with the run).

"Models of a make" and one vehicle's first page repeat one address (answered from memory after the first request, until a catalogue change); the "uncached" rows take turns over 3,000 vehicles, more than the page cache (256) and the vehicle lists' cache (2,048) hold, so each request reaches PostgreSQL. The models list has no uncached HTTP row (20 makes fit in the cache); its query's own time is in the first EXPLAIN below.

${table(HEADER, rows(report))}

\`POST /api/fitment/import\` of ${IMPORT_LINES.toLocaleString('en')} lines through HTTP (20 rows for each of 5,000 parts; the real run replaces those parts' 100,000 generated rows in one transaction):

${table(
  ['import', 'seconds', 'answer'],
  report.imports.map((i) => [i.label, i.seconds.toFixed(2), `\`${i.answer}\``]),
)}

EXPLAIN ANALYZE of each query (as catalogue/fitment/fitment-sql.ts, fitment-repository.ts and catalogue/search/search-repository.ts build them, values inlined):

${report.explains.map((e) => `**${e.label}**\n\n\`\`\`\n${e.plan}\n\`\`\``).join('\n\n')}
`;
}
