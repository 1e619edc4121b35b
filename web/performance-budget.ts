/**
 * The web's performance budgets (issue 31), in one place: the build enforces the first load's
 * (vite.config.ts, torque:first-load-budget), `npm run bench:web` the rest on every page listed
 * here. A new public page (the cart, checkout, the company pages) is one line in PUBLIC_PAGES.
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
