import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of samples by package (node_modules), our own folder, or V8/Node category. */
  byPackage: [string, number][];
  byFunction: [string, number][];
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName || '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const ours =
    /\/work\/[^/]+\/([^/]+\/src\/[^/]+(?:\/[^/]+)?)/.exec(url) ?? /((?:server|contract)\/src\/.+)$/.exec(url);
  return ours ? ours[1]!.replace(/\/[^/]+\.ts$/, '') : url;
}

/**
 * Self time of a `node --cpu-prof` profile, from `skipMs` after its start (to leave start-up
 * out), by package and by function: where a route's time goes.
 */
export function summariseProfile(file: string, skipMs = 0, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let clock = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    clock += delta;
    if (clock >= skipMs * 1000) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url ? `${pkg}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const share = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => [k, total ? (us / total) * 100 : 0] as [string, number]);
  return { totalMs: total / 1000, byPackage: share(byPackage), byFunction: share(byFunction) };
}
