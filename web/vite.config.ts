import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { fontsAreCurrent } from './fonts.ts';
import { FIRST_LOAD_BUDGET } from './performance-budget.ts';
import { reactToPreact } from './preact-compat.ts';

/** Libraries every page needs: one long-cached chunk that changes only when they are upgraded. */
const vendorPackages =
  /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;
/** Parts of TanStack Query only some pages use (mutations, "Load more", a visitor's cart): they load with those pages. */
const notOnEveryPage =
  /[\\/](mutationObserver|infiniteQueryObserver|useMutation|useInfiniteQuery|infiniteQueryOptions|mutationOptions|useQueries|queriesObserver)\.js$/;
const vendor = (id: string) => vendorPackages.test(id) && !notOnEveryPage.test(id);

/**
 * The error boundary, load and form errors, price format and part card with its brand rule
 * (landing, catalogue, sign-in pages), the contract's zod-free fit rule (the catalogue's vehicle label),
 * and the auth state and cart state every page's navbar needs: once the catalogue and the purchase
 * page imported the cart's hooks too, the bundler moved lib/auth and lib/cart out of the entry into
 * a chunk of their own, one more request on `/` (issue 27). The price tiers and the contract's
 * zod-free pricing function (the purchase page's tier preview, a visitor's cart lines, issue 30)
 * too: a chunk of their own would be one more request on those pages.
 */
const pageKit =
  /[\\/]src[\\/](components[\\/](errors[\\/]chunk-error-boundary|ui[\\/]load-error|parts[\\/]part-card|form[\\/]form-error)|lib[\\/](format|part-numbers|price-tiers|(auth|cart)[\\/][a-z-]+)|fitment-rule|pricing)\.tsx?$/;

/** The sign-in pages' frame: the card, its placeholder while the form loads (and usePainted), Google. */
const authCard =
  /[\\/]src[\\/](features[\\/]auth[\\/](components[\\/](auth-card|google-sign-in|form-placeholder)|utils[\\/]google-popup)|lib[\\/]use-painted)\.tsx?$/;

/**
 * React Router's package points every import condition at its development build, which differs
 * from its production build only by `ENABLE_DEV_WARNINGS = true`: route-matching warnings whose
 * messages are built on every render of `useRoutes` (the layout's slices, each navigation). The
 * production bundle takes the production build; the dev server and the tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(
    `${path.sep}dist${path.sep}development${path.sep}`,
    `${path.sep}dist${path.sep}production${path.sep}`,
  );
  return {
    name: 'torque:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' && production !== development ? production : null;
    },
  };
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, compressed once at the highest
 * levels, for the server's static plugin (`preCompressed`) to send instead of compressing on the fly.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  let failed = false;
  return {
    name: 'torque:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // A failed build wrote nothing to compress; trying anyway hid its error behind an ENOENT.
    buildEnd(error) {
      failed = error !== undefined;
    },
    async closeBundle() {
      if (failed) return;
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            if ((await stat(file)).size < 1024) return;
            const data = await readFile(file);
            const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
            await writeFile(`${file}.br`, await brotli(data, { params }));
            await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * The files a browser fetches with `roots`: each chunk, every chunk it imports statically
 * (transitively) and their CSS. Dynamic imports load later and are not followed.
 */
function staticClosure(bundle: Rolldown.OutputBundle, roots: (chunk: Rolldown.OutputChunk) => boolean): Set<string> {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(byName.get(imported));
  };
  chunks.filter(roots).forEach(visit);
  return files;
}

/** Route modules the first load of `/` fetches besides the entry: the landing page's chunk. */
const FIRST_LOAD_ROUTES = ['src/features/landing/routes/landing-page.tsx'];

/**
 * Fails the build when the JS or CSS the browser fetches for the first load of `/` (the entry,
 * the landing page's chunk, everything they import statically, and their CSS) is over budget,
 * gzip level 9 as served. `TORQUE_BUNDLE_BUDGET=warn` only reports (the bench that measures it
 * in a browser uses that to print figures even when over).
 */
function firstLoadBudget(): Plugin {
  let root = '';
  return {
    name: 'torque:first-load-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // Once Vite has written each chunk's preload list into its code: the bytes as served (in
    // generateBundle they were ~1 kB short of what the browser downloads).
    writeBundle(_options, bundle: Rolldown.OutputBundle) {
      const routes = new Set(FIRST_LOAD_ROUTES.map((route) => path.resolve(root, route)));
      const files = staticClosure(
        bundle,
        (chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && routes.has(chunk.facadeModuleId)),
      );

      const gzipKb = (name: string) => {
        const file = bundle[name]!;
        const source = file.type === 'chunk' ? file.code : file.source;
        return gzipSync(source, { level: 9 }).length / 1000;
      };
      const sum = (test: RegExp) => [...files].filter((f) => test.test(f)).reduce((total, f) => total + gzipKb(f), 0);
      const js = sum(/\.js$/);
      const css = sum(/\.css$/);
      const report = `first load of /: JS ${js.toFixed(1)} kB gzip (budget ${FIRST_LOAD_BUDGET.jsKb}), CSS ${css.toFixed(1)} kB gzip (budget ${FIRST_LOAD_BUDGET.cssKb}), from ${[...files].sort().join(', ')}`;
      const over = js > FIRST_LOAD_BUDGET.jsKb || css > FIRST_LOAD_BUDGET.cssKb;
      if (over && process.env.TORQUE_BUNDLE_BUDGET !== 'warn') this.error(`Over budget: ${report}`);
      this.info(report);
    },
  };
}

/**
 * Public pages whose first paint must not wait for the forms chunk (react-hook-form), and the
 * sign-in forms, which load it on their first focus or submit (use-form-on-demand.tsx): evaluating
 * it and its set-up were the long task after /login and /signup painted (issue 31).
 */
const FORMS_FREE_ROUTES = [
  ...FIRST_LOAD_ROUTES,
  'src/features/catalogue/routes/catalogue-page.tsx',
  'src/features/auth/components/login-form.tsx',
  'src/features/auth/components/signup-form.tsx',
];

/**
 * Pages that may load the schemas chunk (zod and the contract) only when the user acts: their
 * forms import it dynamically, on first focus or submit (use-lazy-zod-form.ts). The public pages,
 * and the signed-in pages Lighthouse scores (web/performance-budget.ts), whose first paint waited
 * for the 37 kB chunk and its evaluation (issue 31).
 */
const SCHEMAS_ON_DEMAND_ROUTES = [
  ...FORMS_FREE_ROUTES,
  ...['login-page', 'signup-page', 'forgot-password-page', 'reset-password-page'].map(
    (page) => `src/features/auth/routes/${page}.tsx`,
  ),
  // The cart: open to visitors, its checkout form validates with the schema loaded on first focus.
  'src/features/cart/routes/cart-page.tsx',
  'src/features/purchase/routes/purchase-page.tsx',
  'src/features/checkout/routes/checkout-page.tsx',
  'src/features/company/routes/my-company-page.tsx',
  'src/features/company/routes/companies-page.tsx',
];

/**
 * Fails the build when a public page imports the forms chunk statically (one value import from
 * a contract file that uses zod was enough to pull it in: it cost /parts 6 Lighthouse points), or
 * when anything a public page loads (its chunk, what that imports, and what it imports
 * dynamically, such as the sign-in form) imports the schemas chunk statically: evaluating it was
 * a 150-220 ms task on /login, CPU 4× slower, after the page had painted.
 */
function formsStayLazy(): Plugin {
  let root = '';
  const isChunk = (name: string) => (file: string) => new RegExp(`(^|/)${name}-[^/]*\\.js$`).test(file);
  return {
    name: 'torque:forms-stay-lazy',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      for (const route of FORMS_FREE_ROUTES) {
        const page = path.resolve(root, route);
        const forms = [...staticClosure(bundle, (chunk) => chunk.facadeModuleId === page)].find(isChunk('forms'));
        if (forms) this.error(`${route} imports ${forms} statically: the forms chunk must load only with a form`);
      }
      for (const route of SCHEMAS_ON_DEMAND_ROUTES) {
        const page = path.resolve(root, route);
        const importer = staticImporterOf(
          bundle,
          (chunk) => chunk.facadeModuleId === page,
          isChunk('schemas'),
          isChunk('address-rules'),
        );
        if (importer)
          this.error(
            `${importer} (loaded by ${route}) imports the schemas chunk statically: import it when a form needs it`,
          );
      }
    },
  };
}

/**
 * Fails the build when the committed web font or its CSS is not what fonts.ts makes from the
 * installed @fontsource-variable/inter (a changed range, a new release): `npm run fonts -w web`.
 */
function fontsCurrent(): Plugin {
  return {
    name: 'torque:fonts-current',
    apply: 'build',
    async buildStart() {
      if (!(await fontsAreCurrent()))
        this.error('web/src/styles/fonts.css or its font is not what web/fonts.ts makes: run npm run fonts -w web');
    },
  };
}

/**
 * Of every chunk `roots` may load (static and dynamic imports, transitively; not through the
 * entry, whose dynamic imports are every other page), the first that imports a chunk `target`
 * names statically, or null. Chunks `onDemand` names load, like the target, only when a form
 * asks (the address rules on the address form's first focus): they may import it, and are not followed.
 */
function staticImporterOf(
  bundle: Rolldown.OutputBundle,
  roots: (chunk: Rolldown.OutputChunk) => boolean,
  target: (file: string) => boolean,
  onDemand: (file: string) => boolean = () => false,
): string | null {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const queue = chunks.filter(roots);
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    if (chunk.imports.some(target)) return chunk.fileName;
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      const found = byName.get(next);
      if (found && !found.isEntry && !target(next) && !onDemand(next)) queue.push(found);
    }
  }
  return null;
}

export default defineConfig({
  // JSX for Preact, Prefresh (hot reload) and the Preact devtools bridge in development; the
  // React aliases are ours (preact-compat.ts), shared with the tests.
  plugins: [
    reactRouterProductionBuild(),
    preact({ reactAliasesEnabled: false }),
    tailwindcss(),
    precompress(),
    firstLoadBudget(),
    formsStayLazy(),
    fontsCurrent(),
  ],
  resolve: { tsconfigPaths: true, alias: reactToPreact },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // The server long-caches /assets/* (every file there has a content hash in its name).
    assetsDir: 'assets',
    // No modulepreload polyfill in the entry: a browser without <link rel="modulepreload"> (Safari
    // before 17) still loads every chunk, only without the head start.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: vendor },
            // Loaded later, never by the first paint of `/`: the form library, the schemas, toasts.
            // The public pages' forms take their schemas only when first focused or submitted
            // (use-lazy-zod-form.ts): evaluating zod and the contract was a 150-220 ms task (CPU 4×
            // slower) on /login after it painted. The contract's zod-free modules stay out: the
            // catalogue uses the fit rule (`fitment-rule.ts`), the cart page the part-number,
            // quantity and cart rules (the cart paints without the schemas too).
            { name: 'forms', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
            // The address rules with the country and postal-code data (issue 28): only the address
            // form loads them, on first focus; the sign-in pages' schemas stay without them.
            {
              name: 'address-rules',
              test: /[\\/](node_modules[\\/](i18n-iso-countries|postcode-validator)[\\/]|contract[\\/]src[\\/]address-rules\.ts$)/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'schemas',
              test: /[\\/](node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]|contract[\\/]src[\\/](?!(fitment-rule|part-number-rule|quantity-rule|cart-rules|account-rules|company-rules)\.ts$))/,
            },
            // Small modules the public pages' first paint needs, each its own chunk otherwise: one
            // request instead of four on `/` and `/parts` (Lighthouse simulates HTTP/1.1, six
            // connections, a round trip per request), and one instead of five on the sign-in pages.
            // Only the modules named: their imports (the API client, auth state) stay in the entry.
            { name: 'page-kit', test: pageKit, includeDependenciesRecursively: false, priority: 1 }, // before forms, which would take the fit rule along with fitment.ts
            { name: 'auth-card', test: authCard, includeDependenciesRecursively: false },
            // The contract's zod-free rules the cart page (and the purchase and product pages) use:
            // without a group of their own the schemas chunk takes them along with cart.ts and
            // orders.ts, which import them, and the cart would load zod to paint.
            {
              name: 'contract-rules',
              test: /[\\/]contract[\\/]src[\\/](part-number-rule|quantity-rule|cart-rules|account-rules|company-rules)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
            { name: 'toastify', test: /[\\/]node_modules[\\/](react-toastify|clsx)[\\/]/ },
          ],
        },
      },
    },
  },
});
