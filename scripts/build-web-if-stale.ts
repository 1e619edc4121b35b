import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** `npm start` builds the SPA only when web/dist is missing or older than its sources. */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist/index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ['web/src', 'web/public', 'web/index.html', 'contract/src'].map((p) => path.join(root, p));
const sourceTime = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
if (!existsSync(dist) || statSync(dist).mtimeMs < sourceTime) {
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}
