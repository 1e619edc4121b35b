/**
 * The catalogue at 100,000 parts on PostgreSQL (issue 14): first page, page 500 by cursor, a
 * search and a typo search at the run's connections, with p99; the landing page's bytes at 12
 * and at 100,000 parts; GET /api/parts at LOG_LEVEL=info and warn; and EXPLAIN of each query.
 * Run alone: `npm run bench -- scale` (or BENCH_SCENARIOS=scale); PostgreSQL only.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { assertClean, load, type LoadResult } from '../lib/load.ts';
import { explainAll, measure, ms, psql, type Measured } from './scale-kit.ts';
import { createScratchDatabase } from '@torque/testkit';
import { adminUrl } from '../lib/postgres.ts';
import { startAppServer, type RunningServer } from '../lib/servers.ts';
import { consoleTable, machineLine, table, today, verdict } from '../lib/doc.ts';
import { serverEnv } from './run-database.ts';
import type { Settings } from './settings.ts';

export const SCALE_PARTS = 100_000;
const PAGE = 20;

/**
 * 100,000 parts in one set-based statement (a few seconds): names from part types, grades and
 * series; descriptions naming a car, a year and a selling point. created_at follows the seeded
 * parts, so the landing page's first three stay the seeded ones.
 */
export const GENERATE = `
insert into parts (name, description, img, minimum_order, available, price_cents, created_at, updated_at)
select
  (array['Ceramic','Sport','Heavy-Duty','OEM','Performance','Premium','Racing','Economy'])[1 + (g * 7) % 8] || ' ' ||
  (array['Brake Pad Set','Brake Disc','Brake Caliper','Turbocharger','Alternator','Radiator','Timing Belt Kit',
         'Spark Plug','Oil Filter','Clutch Kit','Fuel Injector','Wheel Bearing','Shock Absorber','Water Pump',
         'Starter Motor','Air Filter','Control Arm','Tie Rod End','Exhaust Manifold','Ignition Coil'])[1 + (g * 13) % 20]
  || ' ' || (array['TQ','RX','GT','HD','XL','MK'])[1 + g % 6] || '-' || (g % 997)::text,
  'Fits ' || (array['Volkswagen Golf','Ford Focus','Toyota Corolla','BMW 3 Series','Audi A4','Renault Clio',
                    'Opel Astra','Peugeot 308','Škoda Octavia','Mercedes C-Class'])[1 + (g * 3) % 10]
  || ' ' || (1995 + g % 30)::text || '. ' ||
  (array['Precision-machined for a direct fit and a long service life.',
         'Tested to OEM specifications and supplied with the fitting hardware.',
         'Corrosion-resistant coating; low noise and little dust.',
         'Built for daily driving and the occasional track day.',
         'Drop-in replacement; ECE R90 approved where applicable.'])[1 + g % 5],
  '/images/parts/brake-disc-320.svg',
  1 + g % 50,
  (g * 37) % 5000,
  100 + (g * 7919) % 200000,
  now() + g * interval '1 millisecond',
  now()
from generate_series(1, ${SCALE_PARTS}) g`;

export interface ScaleReport {
  settings: Settings;
  generateSeconds: number;
  landingBytes: { at12: number; atScale: number };
  logLevels: { level: string; result: LoadResult }[];
  routes: Measured[];
  explains: { label: string; plan: string }[];
  /** The machine's 1-minute load average before and after: other work on it skews every figure. */
  loadAverage: { before: number; after: number };
}

async function fetchPage(base: string, pathAndQuery: string): Promise<{ bytes: number; next: string | null }> {
  const res = await fetch(`${base}${pathAndQuery}`);
  if (!res.ok) throw new Error(`GET ${pathAndQuery} → ${res.status}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  const link = res.headers.get('link');
  return { bytes, next: link ? /^<([^>]+)>/.exec(link)![1]! : null };
}

/** Migration 0006's trigram word lookup (words.ts matched words so until issue 26; it now applies the typo rule in memory). */
const lexiconSql = (terms: string[]) =>
  `select t.term, array(select l.word from search_lexicon l where search_text(t.term) <% l.word ` +
  `order by word_similarity(search_text(t.term), l.word) desc, l.word limit 256) as words ` +
  `from unnest('{${terms.join(',')}}'::text[]) with ordinality as t(term, i) order by t.i`;

/** A search's page as catalogue/search/search-repository.ts builds it, with each term's catalogue words inlined. */
export function searchSql(cols: string, search: { term: string; words: string }[]): string {
  const n = search.length;
  const inName = search.map((s) => `(search_name_words && '${s.words}'::text[])`);
  const share = (hits: string[], weight: number) =>
    `(${hits.map((h) => `${h}::int`).join(' + ')})::numeric / ${weight * n}`;
  const rank =
    `round((case when ${inName.join(' and ')} then 2 else 0 end) + ${share(inName, 1)}` +
    ` + ${share(
      search.map((s) => `(search_name_words @> '{${s.term}}'::text[])`),
      4,
    )}` +
    ` + ${share(
      search.map((s) => `(search_words && '${s.words}'::text[])`),
      10,
    )}, 6)`;
  return (
    `select ${cols}, ${rank}::text as k0 from parts where ${search.map((s) => `search_words && '${s.words}'::text[]`).join(' and ')} ` +
    `order by ${rank} desc, id asc limit ${PAGE + 1}`
  );
}

/** The SQL of each measured request, as catalogue/search/search-repository.ts builds it, with its values inlined. */
async function explainQueries(databaseUrl: string, cursorKey: string[]): Promise<{ label: string; sql: string }[]> {
  const cols = 'id, name, description, img, minimum_order, available, price_cents, created_at, updated_at';
  const search = async (terms: string[]) => {
    const words = (await psql(databaseUrl, lexiconSql(terms))).split('\n').map((line) => line.split('|')[1]!);
    return searchSql(
      cols,
      terms.map((term, i) => ({ term, words: words[i]! })),
    );
  };
  return [
    {
      label: 'first page',
      sql: `select ${cols}, created_at::text as k0, id::text as k1 from parts order by created_at asc, id asc limit ${PAGE + 1}`,
    },
    {
      label: 'page 500 (by cursor)',
      sql:
        `select ${cols} from parts where (created_at, id) > ('${cursorKey[0]}'::timestamptz, '${cursorKey[1]}'::uuid) ` +
        `order by created_at asc, id asc limit ${PAGE + 1}`,
    },
    { label: 'X-Total-Count (cached per catalogue change)', sql: 'select count(*)::int from parts' },
    { label: 'a search\'s words: "turbocharjer" → the catalogue\'s words', sql: lexiconSql(['turbocharjer']) },
    { label: 'search "brake pad"', sql: await search(['brake', 'pad']) },
    { label: 'typo search "turbocharjer"', sql: await search(['turbocharjer']) },
    {
      label: 'sort=price-asc, page after a cursor',
      sql: `select ${cols} from parts where (price_cents, id) > (50000, '00000000-0000-0000-0000-000000000000'::uuid) order by price_cents, id limit ${PAGE + 1}`,
    },
  ];
}

export async function runCatalogueScale(settings: Settings): Promise<ScaleReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_scale' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-scale-'));
  const logFile = path.join(workDir, 'server.log');
  let server: RunningServer | undefined;
  const start = (level: string) =>
    startAppServer({
      env: serverEnv({ ...settings, logLevel: level }, path.join(workDir, 'data'), database.url),
      logFile,
    });
  const loadBefore = os.loadavg()[0]!;
  try {
    console.log(`\ncatalogue at ${SCALE_PARTS.toLocaleString('en')} parts (PostgreSQL)`);
    const logLevels: ScaleReport['logLevels'] = [];
    for (const level of ['warn', 'info']) {
      server = await start(level);
      process.stdout.write(`  GET /api/parts (seeded catalogue) at LOG_LEVEL=${level}\n`);
      const spec = { url: `${server.url}/api/parts`, connections: settings.connections };
      assertClean('warm-up', await load({ ...spec, durationSeconds: settings.warmupSeconds }));
      const result = await load({ ...spec, durationSeconds: settings.durationSeconds });
      assertClean(`GET /api/parts at ${level}`, result);
      logLevels.push({ level, result });
      if (level !== 'info') await server.stop();
    }
    const base = server!.url;
    const at12 = (await fetchPage(base, '/api/parts?limit=3')).bytes;

    process.stdout.write(`  generating ${SCALE_PARTS.toLocaleString('en')} parts\n`);
    const t0 = performance.now();
    await psql(database.url, GENERATE);
    await psql(database.url, 'analyze parts');
    const generateSeconds = (performance.now() - t0) / 1000;
    process.stdout.write(`  generated in ${generateSeconds.toFixed(1)} s\n`);
    // Another process wrote the rows: the server's cache sees them within its 1 s age.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const atScale = (await fetchPage(base, '/api/parts?limit=3')).bytes;

    // Page 500 by following Link, as a client does; the cursors of pages 250–500 for the uncached run.
    const cursors: string[] = [];
    let next: string | null = `/api/parts?limit=${PAGE}`;
    for (let page = 1; page < 500 && next; page++) {
      next = (await fetchPage(base, next)).next;
      if (page >= 250 && next) cursors.push(new URL(next, base).searchParams.get('cursor')!);
    }
    if (!next) throw new Error('the catalogue ended before page 500');
    const page500 = next;
    const cursorKey = JSON.parse(
      Buffer.from(new URL(page500, base).searchParams.get('cursor')!.slice(0, -22), 'base64url').toString(),
    ).k as string[];

    const searchWords = ['brake', 'turbo', 'alternator', 'radiator', 'clutch', 'pump', 'filter', 'coil', 'bearing'];
    const routes: Measured[] = [];
    routes.push(await measure('first page', base, [`/api/parts?limit=${PAGE}`], settings, 30));
    routes.push(await measure('page 500 (by cursor)', base, [page500], settings, 30));
    routes.push(await measure('search "brake pad"', base, [`/api/parts?limit=${PAGE}&q=brake%20pad`], settings, 100));
    routes.push(
      await measure('typo search "turbocharjer"', base, [`/api/parts?limit=${PAGE}&q=turbocharjer`], settings, 100),
    );
    // The same work with the page cache defeated: more distinct pages than it holds, in turn.
    routes.push(
      await measure(
        'pages 250–500, uncached',
        base,
        cursors.flatMap((c) => [19, 20, 21, 22].map((limit) => `/api/parts?limit=${limit}&cursor=${c}`)),
        settings,
        undefined,
        { allowNon2xx: true },
      ),
    );
    routes.push(
      await measure(
        'searches, uncached',
        base,
        searchWords.flatMap((w) =>
          Array.from({ length: 40 }, (_, i) => `/api/parts?limit=${10 + i}&q=${w}${i % 2 ? 'z' : ''}`),
        ),
        settings,
        undefined,
        { allowNon2xx: true },
      ),
    );

    const explains = await explainAll(database.url, await explainQueries(database.url, cursorKey));
    return {
      settings,
      generateSeconds,
      landingBytes: { at12, atScale },
      logLevels,
      routes,
      explains,
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    await server?.stop();
    await database.drop().catch((error: unknown) => console.error(`could not drop ${database.url}: ${String(error)}`));
  }
}

const rps = (n: number) => Math.round(n).toLocaleString('en');

function rows(report: ScaleReport): string[][] {
  return report.routes.map((r) => [
    r.label,
    rps(r.result.requestsPerSecond),
    ms(r.result.latencyMs.p50),
    ms(r.result.latencyMs.p99),
    r.goalMs ? `p99 < ${r.goalMs} ms: ${verdict(r.result.latencyMs.p99 < r.goalMs)}` : 'for comparison',
    r.result.non2xx ? `${r.result.non2xx} ${JSON.stringify(r.result.statusCodes)}` : '0',
  ]);
}

const HEADER = ['request', 'req/s', 'p50', 'p99', 'goal', 'non-2xx'];

export function scaleConsole(report: ScaleReport): string {
  return [
    consoleTable(HEADER, rows(report)),
    `GET /api/parts?limit=3 body: ${report.landingBytes.at12} B at 12 parts, ${report.landingBytes.atScale} B at ${SCALE_PARTS}`,
    ...report.logLevels.map(
      (l) =>
        `GET /api/parts (seeded) LOG_LEVEL=${l.level}: ${rps(l.result.requestsPerSecond)} req/s, p99 ${ms(l.result.latencyMs.p99)}`,
    ),
  ].join('\n');
}

export function scaleMarkdown(report: ScaleReport, postgresVersion: string | null): string {
  const s = report.settings;
  const same = report.landingBytes.at12 === report.landingBytes.atScale;
  return `## Catalogue at ${SCALE_PARTS.toLocaleString('en')} parts (\`npm run bench -- scale\`)

Measured ${today()} with \`npm run bench -- scale\` (the same as \`BENCH_SCENARIOS=scale npm run bench\`) on ${machineLine([`PostgreSQL ${postgresVersion ?? '?'}`])}. The production bundle on a temporary PostgreSQL database, LOG_LEVEL=info (one line per request), ${s.connections} connections, ${s.warmupSeconds} s warm-up then ${s.durationSeconds} s per row, load generator on the same 2 cores. ${SCALE_PARTS.toLocaleString('en')} generated parts (one \`INSERT … SELECT FROM generate_series\`, ${report.generateSeconds.toFixed(1)} s with \`ANALYZE\`) after the 12 seeded ones; pages of ${PAGE}. The machine's 1-minute load average was ${report.loadAverage.before.toFixed(1)} before and ${report.loadAverage.after.toFixed(1)} after the run (2 cores; above 2, other work competed with it).

The first four rows repeat one address, so after the first request they are answered from the page cache (an LRU of 256 pages, dropped on every catalogue change); the two "uncached" rows take turns over more distinct pages than it holds (pages 250–500 at 4 page sizes; 9 words × 40 page sizes, half of them typos), so each request reaches PostgreSQL (X-Total-Count per query stays cached).

${table(HEADER, rows(report))}

- Landing page, \`GET /api/parts?limit=3\`: ${report.landingBytes.at12} bytes at 12 parts, ${report.landingBytes.atScale} bytes at ${SCALE_PARTS.toLocaleString('en')}: ${same ? 'the same' : '**different**'}.
- \`GET /api/parts\` (the 12 seeded parts, whole list): ${report.logLevels.map((l) => `LOG_LEVEL=${l.level} ${rps(l.result.requestsPerSecond)} req/s (p99 ${ms(l.result.latencyMs.p99)})`).join(', ')}.

EXPLAIN ANALYZE of each query (as catalogue/search/search-repository.ts builds it, values inlined):

${report.explains.map((e) => `**${e.label}**\n\n\`\`\`\n${e.plan}\n\`\`\``).join('\n\n')}
`;
}
