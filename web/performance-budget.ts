/**
 * The web's performance budgets (issue 31), in one place: the build enforces the first load's
 * (vite.config.ts, torque:first-load-budget), `npm run bench:web` the rest on every page listed
 * here. A new public page is one line in PUBLIC_PAGES, a new signed-in one a line in SIGNED_IN_PAGES.
 */

/**
 * What the first load of `/` may fetch, gzip, in kB of 1000 bytes (as Vite prints them): the
 * entry, the landing page's chunk, everything they import statically and their CSS. Issue 31's
 * figures. On React it was 106.6 kB of JS (React DOM alone 63 kB); on Preact through
 * preact/compat (docs/decisions/009-preact-compat.md) it is under 50 kB, so the 95 kB leave room
 * for the pages to grow, not for React to come back.
 */
export const FIRST_LOAD_BUDGET = { jsKb: 95, cssKb: 14 };

/** Lighthouse mobile (simulated 4× CPU, slow 4G), median of the runs, on every public page. */
export const LIGHTHOUSE_BUDGET = {
  /** Total Blocking Time, ms. */
  totalBlockingTimeMs: 150,
  /** Category scores, 0–100. */
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};

/** Every public page the bench scores and traces (`npm run bench:web`, `npm run trace:web`). */
export const PUBLIC_PAGES = [
  '/',
  '/parts',
  '/login',
  '/signup',
  '/forgot-password',
  '/blogs',
  '/my-portfolio',
  '/cart',
];

/**
 * The signed-in pages the bench scores too (issue 31: the cart, checkout, the company pages), each
 * as whom: `buyer` is the admin of a company with three lines in the cart and an unpaid order,
 * `admin` the shop's admin. The bench arranges that state through the API and opens each page
 * with the session cookie and the access token already in the browser (bench/src/web/signed-in.ts);
 * `:orderId` and `:partId` are the buyer's order and a part in the cart.
 */
export const SIGNED_IN_PAGES = [
  { route: '/cart', as: 'buyer' },
  { route: '/purchase/:partId', as: 'buyer' },
  { route: '/checkout/:orderId', as: 'buyer' },
  { route: '/dashboard/company', as: 'buyer' },
  { route: '/dashboard/companies', as: 'admin' },
] as const;
