import path from 'node:path';

/** Where things are, from the e2e workspace's point of view. */
export const E2E_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
export const SPECS_DIR = path.join(E2E_DIR, 'specs');
/** Screenshots, traces, the server's log: git-ignored (.gitignore: e2e/artifacts/). */
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');
export const SERVER_LOG = path.join(ARTIFACTS_DIR, 'server.log');
/** Debian's Chromium (`apt-get install chromium`; README Prerequisites); CHROMIUM_PATH points elsewhere if needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
