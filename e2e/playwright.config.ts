import { defineConfig } from '@playwright/test';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './support/paths.ts';

/**
 * The journeys run in Debian's Chromium (no browser download) against the real server, which
 * `support/global-setup.ts` starts on a free port with a fresh embedded database. Its origin
 * reaches the workers through E2E_BASE_URL (workers start after the global setup and inherit
 * its environment).
 */
export default defineConfig({
  testDir: './specs',
  outputDir: `${ARTIFACTS_DIR}/test-results`,
  globalSetup: './support/global-setup.ts',
  // A flaky test is a bug to fix, not to retry; a stray test.only must not hide the others.
  retries: 0,
  forbidOnly: true,
  // Two cores: one worker per core; the server and Chromium share them.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
