/**
 * Runs shell commands side by side, at most one per core (`--jobs N` to choose), in the order
 * given (put the longest first): `npm run typecheck` and `npm run lint` are a dozen single-threaded
 * steps (one `tsc -p` per package, ESLint, Prettier, dependency-cruiser) that took ~4 minutes one
 * after another on the 2-core CI machine. Each command's output is printed in one piece when it
 * ends, with its time; every command runs even when one fails, and the exit code is 1 if any did.
 *
 *     node scripts/parallel.ts [--jobs N] 'tsc -p server' 'eslint .' …
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
let jobs = os.availableParallelism();
const jobsAt = args.indexOf('--jobs');
if (jobsAt !== -1) {
  jobs = Number(args[jobsAt + 1]);
  args.splice(jobsAt, 2);
}
if (args.length === 0 || !Number.isInteger(jobs) || jobs < 1) {
  console.error("usage: node scripts/parallel.ts [--jobs N] 'command' …");
  process.exit(2);
}

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one command through the shell (npm puts node_modules/.bin on its PATH), its output kept. */
function run(command: string): Promise<boolean> {
  const start = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const status = ok ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> ${command}: ${status} in ${seconds(start)}\n${Buffer.concat(chunks).toString()}`);
      resolve(ok);
    });
    child.on('error', (error) => {
      process.stdout.write(`\n> ${command}: FAILED (${error.message})\n`);
      resolve(false);
    });
  });
}

const queue = [...args];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
      if (!(await run(command))) failed.push(command);
    }
  }),
);
console.log(`\n${args.length - failed.length} of ${args.length} passed in ${seconds(started)} (${jobs} at a time)`);
if (failed.length > 0) {
  console.log(`failed: ${failed.join(' | ')}`);
  process.exit(1);
}
