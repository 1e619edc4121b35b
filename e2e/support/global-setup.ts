import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { adminEmailsFor } from './accounts.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import { startOidcProvider } from './oidc-provider.ts';
import { ARTIFACTS_DIR, CHROMIUM_PATH, REPO_ROOT, SCREENSHOTS_DIR, SPECS_DIR } from './paths.ts';

/** Google's client as the server sees it; the local provider accepts any. */
const GOOGLE_CLIENT = { GOOGLE_CLIENT_ID: 'torque-e2e', GOOGLE_CLIENT_SECRET: 'torque-e2e-secret' };
/** The suite signs up a few dozen users from one address in a minute: raise the limits (they stay on). */
export const RATE_LIMIT_SCALE = '50';
/** The hold of the short-hold server (specs/hold.spec.ts): 30 s, swept every 7.5 s. */
export const SHORT_HOLD_MINUTES = 0.5;

/**
 * Builds the SPA if its sources changed, starts a local OpenID Connect server standing in for
 * Google and the real server against it, and returns the teardown that stops both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  checkPrerequisites();
  rmSync(SCREENSHOTS_DIR, { recursive: true, force: true });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  buildWebIfStale();

  const oidc = await startOidcProvider();
  let server: AppServer;
  try {
    server = await startAppServer({
      ADMIN_EMAILS: adminEmailsFor(SPECS_DIR).join(','),
      PAYMENT_PROVIDER: 'sandbox',
      ...GOOGLE_CLIENT,
      GOOGLE_ISSUER: oidc.issuer,
      RATE_LIMIT_SCALE,
      LOG_LEVEL: 'info',
    });
  } catch (error) {
    await oidc.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = server.url;
  // No SMTP_URL: the server writes each message as an .eml file here (support/mailbox.ts reads them).
  process.env.E2E_MAIL_DIR = path.join(server.dataDir, 'mail');

  // specs/hold.spec.ts: a second server whose unpaid orders expire after 30 s (0.5 minutes), so a
  // person can watch an order expire; every other spec keeps the default day-long hold. (6 s was
  // too short on a loaded machine: the order expired before My Orders had rendered it.)
  let shortHold: AppServer;
  try {
    shortHold = await startAppServer(
      {
        ADMIN_EMAILS: adminEmailsFor(SPECS_DIR).join(','),
        PAYMENT_PROVIDER: 'sandbox',
        RATE_LIMIT_SCALE,
        ORDER_HOLD_MINUTES: String(SHORT_HOLD_MINUTES),
        LOG_LEVEL: 'info',
      },
      { logFile: path.join(ARTIFACTS_DIR, 'server-short-hold.log') },
    );
  } catch (error) {
    await server.stop();
    await oidc.stop();
    throw error;
  }
  process.env.E2E_SHORT_HOLD_URL = shortHold.url;

  const teardown = async () => {
    await Promise.all([server.stop(), shortHold.stop()]);
    await oidc.stop();
  };
  try {
    // The catalogue as seeded, before any spec adds a part: the route sweep opens each one's purchase page.
    process.env.E2E_SEEDED_PART_IDS = await seededPartIds(server.url);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

function checkPrerequisites() {
  // The server runs TypeScript directly, which needs the project's Node 24 (npm scripts put it on PATH).
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(`the e2e suite runs on Node 24 (found ${process.version}): start it with \`npm run test:e2e\``);
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: install Debian's (\`apt-get install -y --no-install-recommends chromium\`) or set CHROMIUM_PATH`,
    );
  }
}

async function seededPartIds(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/parts`);
  if (!response.ok) throw new Error(`GET /api/parts answered ${response.status}`);
  const parts = (await response.json()) as { _id: string }[];
  return parts.map((part) => part._id).join(',');
}

/** The same step as `npm run build:web`: a no-op when web/dist is newer than its sources. */
function buildWebIfStale() {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-web-if-stale.ts')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
