import { randomBytes } from 'node:crypto';
import type { Company, Part } from '@torque/contract';
import { call, exchangeToken, expectStatus, placeOrder, signUp } from '@torque/testkit';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { SIGNED_IN_PAGES } from '../../../web/performance-budget.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './first-load.ts';
import type { BrowserCookie } from './long-tasks.ts';

/**
 * The signed-in pages of the web bench (web/performance-budget.ts's SIGNED_IN_PAGES): the state
 * they show is arranged through the API, and each Lighthouse run opens its page in a fresh
 * Chromium that already holds the session, as a returning user's browser does.
 */

/** The bench server's admin (its ADMIN_EMAILS). */
export const BENCH_ADMIN_EMAIL = 'admin@torque.bench';

/**
 * The environment of a web bench's server (bench:web, bench:web:pairs, trace:web): the production
 * bundle on its own fresh database in `dataDir`, sandbox payments, the bench's admin.
 */
export function webBenchServerEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}
const BUYER_EMAIL = 'buyer@torque.bench';
const CART_LINES = 3;

/** Someone signed in, as a browser holds them: the identity cookie; the access token is fetched per run. */
export interface BrowserSession {
  email: string;
  /** `name=value; …`, as a Cookie header. */
  cookie: string;
}

export interface BenchPage {
  /** As web/performance-budget.ts names it (`/checkout/:orderId`): what `npm run bench:web -- …` picks. */
  route: string;
  /** What the tables show: the route, and as whom for a signed-in page. */
  label: string;
  /** The address opened. */
  path: string;
  session?: BrowserSession;
}

/**
 * Signs up the shop's admin and a buyer; makes the buyer the admin of a company; puts three parts
 * in the buyer's cart and places an (unpaid) order of the first. Answers every signed-in page with
 * its address filled in.
 */
export async function arrangeSignedInPages(baseUrl: string): Promise<BenchPage[]> {
  const origin = { headers: { origin: baseUrl } };
  const admin = await signUp(baseUrl, BENCH_ADMIN_EMAIL, { ...origin, name: 'Bench Admin' });
  const buyer = await signUp(baseUrl, BUYER_EMAIL, { ...origin, name: 'Bench Buyer' });

  const catalogue = expectStatus<Part[]>(await call(baseUrl, 'GET', '/api/parts'), 200, 'GET /api/parts');
  const parts = catalogue.filter((p) => p.available >= p.minimunOrder * 2).slice(0, CART_LINES);
  if (parts.length < CART_LINES)
    throw new Error(`the catalogue has ${parts.length} parts in stock, need ${CART_LINES}`);
  const lines = parts.map((p) => ({ partId: p._id, quantity: p.minimunOrder }));
  expectStatus(await call(baseUrl, 'PUT', '/api/cart', { token: buyer.token, body: { lines } }), 200, 'PUT /api/cart');
  const order = await placeOrder(baseUrl, buyer, parts[0]!._id, parts[0]!.minimunOrder);

  const company = expectStatus<Company>(
    await call(baseUrl, 'POST', '/api/companies', { token: admin.token, body: { name: 'Bench Fleet Services' } }),
    201,
    'POST /api/companies',
  );
  expectStatus(
    await call(baseUrl, 'PUT', `/api/companies/${company._id}/members/${encodeURIComponent(buyer.email)}`, {
      token: admin.token,
      body: { role: 'admin' },
    }),
    200,
    'PUT /api/companies/:id/members/:email',
  );

  const sessions = { buyer, admin };
  return SIGNED_IN_PAGES.map(({ route, as }) => ({
    route,
    label: `${route} (${as})`,
    path: route.replace(':orderId', order._id).replace(':partId', parts[0]!._id),
    session: { email: sessions[as].email, cookie: sessions[as].cookie },
  }));
}

/**
 * A Chromium launched as Lighthouse launches its own (chrome-launcher, the same flags), holding
 * `session`: its cookie, and a fresh access token in localStorage where the app keeps it
 * (web/src/lib/token-storage.ts). Its cache stays empty: the token is written on `/api/health`,
 * which no page loads. Lighthouse drives it through `--port` with `--disable-storage-reset`.
 */
export async function chromiumSignedIn(baseUrl: string, session: BrowserSession): Promise<LaunchedChrome> {
  const state = await signedInState(baseUrl, session);
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    await context.addCookies(state.cookies);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, state.storage);
    await page.close();
    // A browser connected over CDP is only let go of here, not closed.
    await browser.close();
    return chrome;
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

/**
 * What a browser holding `session` keeps: the identity cookie and, in localStorage, a fresh access
 * token where the app keeps it (web/src/lib/token-storage.ts). For Lighthouse's Chromium
 * (chromiumSignedIn) and trace:web's Playwright contexts.
 */
export async function signedInState(
  baseUrl: string,
  session: BrowserSession,
): Promise<{ cookies: BrowserCookie[]; storage: Record<string, string> }> {
  const { token } = await exchangeToken(baseUrl, session.email, {
    cookie: session.cookie,
    headers: { origin: baseUrl },
  });
  const cookies = session.cookie.split('; ').map((pair): BrowserCookie => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: 'Lax' };
  });
  return { cookies, storage: { accessToken: token } };
}
