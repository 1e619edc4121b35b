import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrationsFolder } from '../../src/db/client.ts';
import { freePort } from '@torque/testkit';

const run = promisify(execFile);

/** How many migrations the server applies: each must be recorded exactly once. */
export const migrationCount = () => readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;

/** Debian's PostgreSQL server binaries (the newest installed major), if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

/**
 * PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the `postgres` OS user
 * (Debian creates it with the server package). Undefined when that is not possible here.
 */
function postgresUser(): { uid: number; gid: number } | null | undefined {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** Why a private cluster cannot run here, or undefined when it can. */
export function privateClusterUnavailable(): string | undefined {
  if (!postgresBinDir()) return 'PostgreSQL server binaries are not installed (apt-get install -y postgresql)';
  if (postgresUser() === undefined) return 'running as root without a `postgres` OS user to run PostgreSQL as';
  return undefined;
}

export interface PrivateCluster {
  url: string;
  /** How long initdb took, for the report. */
  initdbMs: number;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash or a pulled plug. */
  crash(): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP to the postmaster and every backend: connections are accepted by the kernel and
   * queries are sent, but nothing ever answers (a hung database, a network partition).
   */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

/** Clusters still running, so an aborted suite never leaves a postmaster behind. */
const running = new Set<string>();
process.once('exit', () => {
  for (const dataDir of running) {
    try {
      const pid = postmasterPid(dataDir);
      process.kill(pid, 'SIGCONT');
      process.kill(pid, 'SIGQUIT'); // the postmaster's immediate shutdown
    } catch {
      // already gone
    }
  }
});

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The postmaster and its children (checkpointer, WAL writer, one backend per connection). */
function clusterPids(dataDir: string): number[] {
  const pid = postmasterPid(dataDir);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map(Number)
    .filter(Boolean);
  return [pid, ...children];
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder, on a free port: it can be
 * stopped and started without touching the shared server on 5432.
 */
export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinDir()!;
  const owner = postgresUser();
  const root = mkdtempSync(path.join(os.tmpdir(), 'torque-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sockets');
  mkdirSync(socketDir);
  if (owner) for (const dir of [root, socketDir]) chownSync(dir, owner.uid, owner.gid);
  const tool = (name: string, args: string[]) =>
    owner ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);

  const port = await freePort();
  const startedAt = Date.now();
  try {
    await tool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const initdbMs = Date.now() - startedAt;
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${socketDir}`;

  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    initdbMs,
    async start() {
      await tool('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-w',
        '-t',
        '30',
        '-l',
        path.join(root, 'postgres.log'),
        '-o',
        options,
      ]);
      running.add(dataDir);
    },
    async crash() {
      await tool('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
      running.delete(dataDir);
    },
    freeze() {
      for (const pid of clusterPids(dataDir)) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of clusterPids(dataDir).reverse()) process.kill(pid, 'SIGCONT');
    },
    async destroy() {
      if (running.has(dataDir)) {
        try {
          cluster.thaw();
        } catch {
          // not frozen, or already gone
        }
        await cluster.crash().catch(() => {});
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
