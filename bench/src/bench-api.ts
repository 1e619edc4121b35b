/**
 * `npm run bench`: the API against the physical limit of this machine, on PostgreSQL (a
 * temporary database on BENCH_PG_URL's server, dropped afterwards) and on PGlite (a temporary
 * data folder). Prints a table and rewrites the API section of docs/PERFORMANCE.md.
 */
import { runCatalogueScale, scaleConsole, scaleMarkdown, type ScaleReport } from './api/catalogue-scale.ts';
import {
  fitmentScaleConsole,
  fitmentScaleMarkdown,
  runFitmentScale,
  type FitmentScaleReport,
} from './api/fitment-scale.ts';
import {
  numbersScaleConsole,
  numbersScaleMarkdown,
  runNumbersScale,
  type NumbersScaleReport,
} from './api/part-numbers-scale.ts';
import { checkoutMarkdown, runCheckoutBench, type CheckoutReport } from './api/checkout.ts';
import { runShippingBench, shippingMarkdown, type ShippingReport } from './api/shipping.ts';
import { priceListsMarkdown, runPriceListsBench, type PriceListsReport } from './api/price-lists.ts';
import { ordersScaleMarkdown, runOrdersScale, type OrdersScaleReport } from './api/orders-scale.ts';
import { apiConsole, apiMarkdown, type ApiRun } from './api/report.ts';
import { runDatabase, type DatabaseReport } from './api/run-database.ts';
import { readSettings, SCENARIOS } from './api/settings.ts';
import { accessTokenCost } from './api/token-cost.ts';
import { writeSection } from './lib/doc.ts';
import { adminUrl, postgresVersion } from './lib/postgres.ts';
import { stopAllChildren } from './lib/processes.ts';
import { createScratchDatabase, type ScratchDatabase } from '@torque/testkit';

const settings = readSettings();
const reports: DatabaseReport[] = [];
const skipped: string[] = [];
let temporary: ScratchDatabase | undefined;

async function cleanUp() {
  await stopAllChildren();
  await temporary
    ?.drop()
    .catch((error: unknown) => console.error(`could not drop ${temporary?.url}: ${String(error)}`));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

const pgVersion = await postgresVersion();
let scale: ScaleReport | undefined;
let ordersScale: OrdersScaleReport | undefined;
let fitment: FitmentScaleReport | undefined;
let numbers: NumbersScaleReport | undefined;
let checkout: CheckoutReport | undefined;
let shipping: ShippingReport | undefined;
let priceLists: PriceListsReport | undefined;
/** The scenarios that run per database; `scale`, `orders-scale`, `fitment`, `numbers`, `checkout` and `shipping` run once, on PostgreSQL. */
const onceOnPostgres = ['scale', 'orders-scale', 'fitment', 'numbers', 'checkout', 'shipping', 'price-lists'];
const perDatabase = settings.scenarios.filter((s) => !onceOnPostgres.includes(s));
try {
  for (const kind of perDatabase.length ? settings.databases : []) {
    if (kind === 'postgres' && !pgVersion) {
      skipped.push(
        'PostgreSQL: no server answered at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)',
      );
      continue;
    }
    console.log(`\n${kind}`);
    if (kind === 'postgres') temporary = await createScratchDatabase(adminUrl, { label: 'bench' });
    reports.push(await runDatabase(kind, settings, temporary?.url));
    if (kind === 'postgres') {
      await temporary?.drop();
      temporary = undefined;
    }
  }
  if (settings.scenarios.includes('scale')) {
    if (pgVersion) scale = await runCatalogueScale(settings);
    else skipped.push('scale: needs PostgreSQL at BENCH_PG_URL');
  }
  if (settings.scenarios.includes('orders-scale')) {
    if (pgVersion) ordersScale = await runOrdersScale(settings);
    else skipped.push('orders-scale: needs PostgreSQL at BENCH_PG_URL');
  }
  if (settings.scenarios.includes('fitment')) {
    if (pgVersion) fitment = await runFitmentScale(settings);
    else skipped.push('fitment: needs PostgreSQL at BENCH_PG_URL');
  }
  if (settings.scenarios.includes('numbers')) {
    if (pgVersion) numbers = await runNumbersScale(settings);
    else skipped.push('numbers: needs PostgreSQL at BENCH_PG_URL');
  }
  if (settings.scenarios.includes('checkout')) {
    if (pgVersion) checkout = await runCheckoutBench(settings, pgVersion);
    else skipped.push('checkout: needs PostgreSQL at BENCH_PG_URL');
  }
  if (settings.scenarios.includes('shipping')) {
    if (pgVersion) shipping = await runShippingBench(settings, pgVersion);
    else skipped.push('shipping: needs PostgreSQL at BENCH_PG_URL');
  }
  if (settings.scenarios.includes('price-lists')) {
    if (pgVersion) priceLists = await runPriceListsBench(settings, pgVersion);
    else skipped.push('price-lists: needs PostgreSQL at BENCH_PG_URL');
  }
} finally {
  await cleanUp();
}

if (scale) {
  console.log(`\n${scaleConsole(scale)}\n`);
  writeSection('catalogue', scaleMarkdown(scale, pgVersion));
  console.log('Wrote the catalogue section of docs/PERFORMANCE.md');
}
if (ordersScale) {
  const markdown = ordersScaleMarkdown(ordersScale, pgVersion);
  console.log(`\n${markdown}\n`);
  writeSection('orders', markdown);
  console.log('Wrote the orders section of docs/PERFORMANCE.md');
}
if (fitment) {
  console.log(`\n${fitmentScaleConsole(fitment)}\n`);
  writeSection('fitment', fitmentScaleMarkdown(fitment, pgVersion));
  console.log('Wrote the fitment section of docs/PERFORMANCE.md');
}
if (numbers) {
  console.log(`\n${numbersScaleConsole(numbers)}\n`);
  writeSection('numbers', numbersScaleMarkdown(numbers, pgVersion));
  console.log('Wrote the part numbers section of docs/PERFORMANCE.md');
}
if (checkout) {
  const markdown = checkoutMarkdown(checkout);
  console.log(`\n${markdown}\n`);
  writeSection('checkout', markdown);
  console.log('Wrote the checkout section of docs/PERFORMANCE.md');
}
if (shipping) {
  const markdown = shippingMarkdown(shipping);
  console.log(`\n${markdown}\n`);
  writeSection('shipping', markdown);
  console.log('Wrote the shipping section of docs/PERFORMANCE.md');
}
if (priceLists) {
  const markdown = priceListsMarkdown(priceLists);
  console.log(`\n${markdown}\n`);
  writeSection('price-lists', markdown);
  console.log('Wrote the price lists section of docs/PERFORMANCE.md');
}
if (!perDatabase.length) process.exit(0);

const run: ApiRun = {
  settings,
  reports,
  skipped,
  postgresVersion: pgVersion,
  tokenCost: await accessTokenCost(),
  command: 'npm run bench',
};
console.log(`\n${apiConsole(run)}\n`);
// A partial run (some scenarios or databases) would replace the full figures with gaps.
const partial = settings.scenarios.length < SCENARIOS.length || settings.databases.length < 2;
if (partial) {
  console.log('docs/PERFORMANCE.md left as it was: this was a partial run (BENCH_SCENARIOS / BENCH_DATABASES).');
} else {
  writeSection('api', apiMarkdown(run));
  console.log('Wrote docs/PERFORMANCE.md');
}
