/**
 * Part numbers at 100,000 parts and 1,000,000 cross-references on PostgreSQL (issue 26): an exact
 * number (by-number and as a search), a word with a number, two words with a sort and a filter,
 * and a word with a typo, each over more distinct queries than the page cache holds ("unasked"),
 * with p99; EXPLAIN ANALYZE of the number lookup and a number's page; and the cross-reference
 * import of 1,000,000 lines. Run alone: `npm run bench -- numbers`; PostgreSQL only.
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

const REFERENCES_PER_PART = 10;
export const CROSS_REFERENCES = SCALE_PARTS * REFERENCES_PER_PART;
/** The import's size: new competitor numbers for the catalogue's parts. */
export const IMPORT_LINES = 1_000_000;
const PAGE = 20;
const BRANDS = ['Bosch', 'TRW', 'Textar', 'ATE', 'Brembo', 'Febi', 'Valeo', 'Mahle', 'SKF', 'NGK'];
const OE_BRANDS = ['Volkswagen', 'Toyota', 'Ford', 'BMW', 'Audi'];

/**
 * 1,000,000 references in one set-based statement: per part 3 OE numbers (`1K0 698 151` style),
 * 6 competitors' (`0 986 494 550` style, the brand cycling) and 1 replaced own number.
 */
const GENERATE_REFERENCES = `
insert into part_cross_references (part_id, kind, brand, number)
select p.id,
  case when k < 3 then 'oe' when k < 9 then 'competitor' else 'replaces' end,
  case when k < 3 then (array['${OE_BRANDS.join("','")}'])[1 + (p.n + k) % ${OE_BRANDS.length}]
       when k < 9 then (array['${BRANDS.join("','")}'])[1 + (p.n + k) % ${BRANDS.length}]
       else 'Torque Parts' end,
  case when k < 3 then numberOf('OE', p.n * 10 + k, 'oe')
       when k < 9 then numberOf('0', p.n * 10 + k, 'competitor')
       else 'TQ-' || (p.n * 10 + k)::text end
from (select id, row_number() over (order by created_at, id) as n from parts) p
cross join generate_series(0, ${REFERENCES_PER_PART - 1}) k`;

/** `1K0 698 151` or `0 986 494 550` shapes from a sequence number: distinct per reference. */
const NUMBER_OF = `
create or replace function numberOf(prefix text, n bigint, kind text) returns text language sql immutable as $$
  select case when kind = 'oe'
    then prefix || substr(lpad(n::text, 9, '0'), 1, 1) || ' ' || substr(lpad(n::text, 9, '0'), 2, 3) || ' ' || substr(lpad(n::text, 9, '0'), 5, 3) || ' ' || substr(lpad(n::text, 9, '0'), 8, 2)
    else prefix || ' ' || substr(lpad(n::text, 9, '0'), 1, 3) || ' ' || substr(lpad(n::text, 9, '0'), 4, 3) || ' ' || substr(lpad(n::text, 9, '0'), 7, 3)
  end
$$`;

/** The references generated for part n, reference k, as the generator spells them. */
const oeNumber = (n: number, k: number) => {
  const d = String(n * 10 + k).padStart(9, '0');
  return `OE${d.slice(0, 1)} ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)}`;
};
const competitorNumber = (n: number, k: number) => {
  const d = String(n * 10 + k).padStart(9, '0');
  return `0 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 9)}`;
};
const brandOf = (n: number, k: number) => BRANDS[(n + k) % BRANDS.length]!;

export interface NumbersScaleReport {
  settings: Settings;
  generateSeconds: number;
  routes: Measured[];
  explains: { label: string; plan: string }[];
  loadAverage: { before: number; after: number };
  imports: { label: string; seconds: number; answer: string }[];
}

async function timeImport(base: string, token: string, csv: string, dryRun: boolean) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/parts/cross-references/import${dryRun ? '?dryRun=true' : ''}`, {
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

/** The SQL of the number lookup (catalogue/search/numbers.ts) and of a number's page, values inlined. */
function explainQueries(): { label: string; sql: string }[] {
  const exact = '0000500003';
  const prefix = '0000500';
  const lookup = (test: (column: string) => string) =>
    `(select id, 'number', brand, part_number, part_number_normal = '${exact}' from parts where ${test('part_number_normal')} order by part_number_normal using ~<~ limit 200) ` +
    `union all (select part_id, kind, brand, number, number_normal = '${exact}' from part_cross_references where ${test('number_normal')} order by number_normal using ~<~ limit 200)`;
  return [
    { label: 'an exact number: own numbers and cross-references', sql: lookup((c) => `${c} = '${exact}'`) },
    { label: 'the start of a number (0000500…)', sql: lookup((c) => `${c} like '${prefix}%'`) },
    {
      label: "a number's page: its parts by id, ranked, with their references",
      sql:
        `select p.*, (select coalesce(json_agg(json_build_object('kind', r.kind, 'brand', r.brand, 'number', r.number)), '[]'::json) ` +
        `from part_cross_references r where r.part_id = p.id) from parts p where p.id = any(array(select part_id from part_cross_references where number_normal = '${exact}')) ` +
        `order by p.created_at, p.id limit ${PAGE + 1}`,
    },
  ];
}

export async function runNumbersScale(settings: Settings): Promise<NumbersScaleReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_numbers' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-numbers-'));
  let server: RunningServer | undefined;
  const loadBefore = os.loadavg()[0]!;
  try {
    console.log(
      `\npart numbers at ${SCALE_PARTS.toLocaleString('en')} parts, ${CROSS_REFERENCES.toLocaleString('en')} cross-references (PostgreSQL)`,
    );
    server = await startAppServer({
      env: serverEnv(settings, path.join(workDir, 'data'), database.url),
      logFile: path.join(workDir, 'server.log'),
    });
    const base = server.url;
    process.stdout.write('  generating parts and cross-references\n');
    const t0 = performance.now();
    await psql(database.url, GENERATE);
    await psql(database.url, NUMBER_OF);
    await psql(database.url, GENERATE_REFERENCES);
    await psql(database.url, 'vacuum analyze parts');
    await psql(database.url, 'vacuum analyze part_cross_references');
    const generateSeconds = (performance.now() - t0) / 1000;
    process.stdout.write(`  generated in ${generateSeconds.toFixed(1)} s\n`);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // Parts 1..100,012 in catalogue order (the 12 seeded first): generated part n is row n + 12.
    const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
    const part = (i: number) => 13 + ((i * 7919) % (SCALE_PARTS - 20));
    const q = (text: string) => encodeURIComponent(text);
    const typos = ['turbocharjer', 'alternatr', 'radiater', 'clucth', 'bearnig', 'injectr', 'filtre', 'ignitoin'];
    const words = ['brake', 'turbocharger', 'alternator', 'radiator', 'clutch', 'pump', 'filter', 'bearing'];
    const routes: Measured[] = [];
    routes.push(
      await measure(
        'by-number: an OE number, 3,000 in turn',
        base,
        many(3000, (i) => `/api/parts/by-number/${q(oeNumber(part(i), i % 3))}`),
        settings,
        10,
      ),
    );
    routes.push(
      await measure(
        'search: an exact competitor number, 3,000 in turn',
        base,
        many(3000, (i) => `/api/parts?limit=${PAGE}&q=${q(competitorNumber(part(i), 3 + (i % 6)))}`),
        settings,
        10,
      ),
    );
    routes.push(
      await measure(
        'search: brand + number, 3,000 in turn',
        base,
        many(3000, (i) => {
          const n = part(i);
          const k = 3 + (i % 6);
          return `/api/parts?limit=${PAGE}&q=${q(`${brandOf(n, k).toLowerCase()} ${competitorNumber(n, k).replaceAll(' ', '')}`)}`;
        }),
        settings,
        30,
      ),
    );
    routes.push(
      await measure(
        'two words, sort and filter, 320 in turn',
        base,
        many(320, (i) => {
          const a = words[i % words.length]!;
          const b = words[(i + 3) % words.length]!;
          return `/api/parts?limit=${10 + (i % 40)}&q=${q(`${a} ${b}`)}&sort=price-asc&inStock=true`;
        }),
        settings,
        100,
        { allowNon2xx: true },
      ),
    );
    routes.push(
      await measure(
        'a word with a typo, 320 in turn',
        base,
        many(320, (i) => `/api/parts?limit=${10 + (i % 40)}&q=${typos[i % typos.length]}`),
        settings,
        100,
      ),
    );
    const explains = await explainAll(database.url, explainQueries());

    process.stdout.write(`  POST /api/parts/cross-references/import, ${IMPORT_LINES.toLocaleString('en')} lines\n`);
    const admin = await signUp(base, ADMIN_EMAIL, { headers: { origin: base } });
    const numbers = (await psql(database.url, `select part_number from parts order by created_at, id`)).split('\n');
    const lines = Array.from({ length: IMPORT_LINES }, (_, i) => {
      const own = numbers[12 + (i % (numbers.length - 12))]!;
      return `${own},competitor,${BRANDS[i % BRANDS.length]},IM ${String(i).padStart(7, '0')}`;
    });
    const csv = ['partNumber,kind,brand,number', ...lines].join('\n') + '\n';
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
const rows = (report: NumbersScaleReport): string[][] => goalRows(report.routes);

export const numbersScaleConsole = (report: NumbersScaleReport) =>
  [
    consoleTable(HEADER, rows(report)),
    ...report.imports.map((i) => `import ${i.label}: ${i.seconds.toFixed(1)} s ${i.answer}`),
  ].join('\n');

export function numbersScaleMarkdown(report: NumbersScaleReport, postgresVersion: string | null): string {
  const s = report.settings;
  return `## Part numbers at ${SCALE_PARTS.toLocaleString('en')} parts and ${CROSS_REFERENCES.toLocaleString('en')} cross-references (\`npm run bench -- numbers\`)

Measured ${today()} with \`npm run bench -- numbers\` on ${machineLine([`PostgreSQL ${postgresVersion ?? '?'}`])}. The production bundle on a temporary PostgreSQL database, LOG_LEVEL=${s.logLevel}, ${s.connections} connections, ${s.warmupSeconds} s warm-up then ${s.durationSeconds} s per row, load generator on the same 2 cores. ${SCALE_PARTS.toLocaleString('en')} generated parts (own numbers of the series) and ${CROSS_REFERENCES.toLocaleString('en')} cross-references (per part 3 OE, 6 competitors', 1 replaced), set-based, ${report.generateSeconds.toFixed(1)} s with \`VACUUM ANALYZE\`. The machine's 1-minute load average was ${report.loadAverage.before.toFixed(1)} before and ${report.loadAverage.after.toFixed(1)} after (2 cores; above 2, other work competed with the run).

Every row takes turns over more distinct queries than the page cache holds (256), so each request reaches PostgreSQL ("unasked" queries).

${table(HEADER, rows(report))}

\`POST /api/parts/cross-references/import\` of ${IMPORT_LINES.toLocaleString('en')} lines through HTTP (new competitor numbers for every generated part; goal: under 30 s):

${table(
  ['import', 'seconds', 'answer'],
  report.imports.map((i) => [i.label, i.seconds.toFixed(2), `\`${i.answer}\``]),
)}

EXPLAIN ANALYZE of each query (as catalogue/search/numbers.ts and search-repository.ts build them, values inlined):

${report.explains.map((e) => `**${e.label}**\n\n\`\`\`\n${e.plan}\n\`\`\``).join('\n\n')}
`;
}
