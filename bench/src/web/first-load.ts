import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's mobile device (Moto G Power) and a common desktop window. */
export const VIEWPORTS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface LoadedFile {
  url: string;
  type: 'script' | 'stylesheet';
  /** Bytes on the wire in Chromium (it accepts brotli, so mostly brotli). */
  transferBytes: number;
  /** The body as a gzip-only client receives it. */
  gzipBytes: number;
  /** Asked for before the first contentful paint: part of the first load, not fetched later (idle, near). */
  beforePaint: boolean;
}

export interface FirstLoad {
  path: string;
  viewport: ViewportName;
  files: LoadedFile[];
  /** Everything fetched until idle. */
  jsGzip: number;
  cssGzip: number;
  jsTransfer: number;
  cssTransfer: number;
  /** What was asked for before the first contentful paint: the first load, as the build's budget counts it. */
  firstJsGzip: number;
  firstCssGzip: number;
}

/** The body size of `url` for a client that accepts gzip only, as the server sends it. */
function gzipSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * Opens `path` in a fresh browser context (empty cache) and waits for the page to settle: the
 * network idle, then a further quiet spell so work deferred to idle time is counted too. No
 * scrolling, no input: what a visitor's browser fetches by opening the page. Each file is marked
 * by whether it was asked for before the first contentful paint (the first load proper) or after
 * (fetched once idle: below-the-fold sections, the footer).
 */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  path: string,
  viewport: ViewportName,
): Promise<FirstLoad> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  const pending: Promise<(Omit<LoadedFile, 'beforePaint'> & { startedAt: number }) | null>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then(async (sizes) => ({
        url: request.url(),
        type,
        transferBytes: sizes.responseBodySize,
        gzipBytes: await gzipSize(request.url()),
        startedAt: request.timing().startTime,
      })),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await sleep(3000);
  await page.waitForLoadState('networkidle');
  // The first contentful paint, in ms since the epoch as request timings are.
  const firstPaint = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return paint ? performance.timeOrigin + paint.startTime : Number.POSITIVE_INFINITY;
  });
  const files = (await Promise.all(pending))
    .filter((f) => f !== null)
    .map(({ startedAt, ...file }): LoadedFile => ({ ...file, beforePaint: startedAt <= firstPaint }));
  await context.close();
  const sum = (type: LoadedFile['type'], key: 'gzipBytes' | 'transferBytes', first = false) =>
    files.filter((f) => f.type === type && (!first || f.beforePaint)).reduce((t, f) => t + f[key], 0);
  return {
    path,
    viewport,
    files,
    jsGzip: sum('script', 'gzipBytes'),
    cssGzip: sum('stylesheet', 'gzipBytes'),
    jsTransfer: sum('script', 'transferBytes'),
    cssTransfer: sum('stylesheet', 'transferBytes'),
    firstJsGzip: sum('script', 'gzipBytes', true),
    firstCssGzip: sum('stylesheet', 'gzipBytes', true),
  };
}
