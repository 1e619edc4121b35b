import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stopAllServers, stopProcess } from '@torque/testkit';

/** Every child this run started, so an interrupted run leaves no server behind. */
const children = new Set<ChildProcess>();

export function startChild(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Every child this run started, servers included: an interrupted run leaves none behind. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...[...children].map((child) => stopProcess(child, 3000)), stopAllServers(3000)]);
}

/** The first line a child prints on stdout. */
export async function firstLine(child: ChildProcess): Promise<string> {
  let buffered = '';
  for await (const chunk of child.stdout!) {
    buffered += String(chunk);
    const newline = buffered.indexOf('\n');
    if (newline >= 0) return buffered.slice(0, newline).trim();
  }
  throw new Error('the process exited before printing a line');
}

/** `VmHWM` (peak resident set) and `VmRSS` of a live process, in MB, from /proc. */
export function memoryOf(pid: number): { peakMb: number; currentMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, currentMb: kb('VmRSS') / 1024 };
}

/** USER_HZ on Linux: /proc's CPU times are in these ticks. */
const CLOCK_TICKS = 100;

/** CPU milliseconds a process has used (user + system), from /proc (Linux; 0 elsewhere). */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
