import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

interface Frame {
  functionName: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** Names the source a profiler sample ran in: a package or a file of the repository. */
export interface SourceNamer {
  /** null for time that is not script (the profiler's "(program)", "(idle)", GC). */
  nameOf(leaf: Frame, stack: Frame[]): string | null;
  /** One frame as `function (source:line)`, for the stacks BENCH_TRACE_STACKS prints. */
  frameOf(frame: Frame): string;
}

const NOT_SCRIPT = new Set(['(program)', '(idle)', '(garbage collector)', '(root)']);

/** node_modules/react-dom/cjs/… → react-dom; ../../contract/src/orders.ts → contract/src/orders.ts. */
function shorten(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  const inRepo = /(?:^|\/)((?:web|contract)\/src\/.*)$/.exec(source);
  return inRepo ? inRepo[1]! : source;
}

/**
 * With `distDir` (a build made with hidden source maps, as `npm run trace:web` makes one), each
 * sample is named by the original source its function came from; without, by the chunk's file.
 */
export function sourceNamer(distDir: string | null): SourceNamer {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapFor = (url: string) => {
    if (!distDir) return null;
    const pathname = new URL(url).pathname;
    if (!maps.has(pathname)) {
      const file = path.join(distDir, `${pathname}.map`);
      maps.set(pathname, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(pathname)!;
  };
  const original = (frame: Frame) => {
    if (!frame.url || frame.lineNumber === undefined) return null;
    const map = mapFor(frame.url);
    if (!map) return null;
    const found = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    return found.source ? found : null;
  };
  return {
    frameOf(frame) {
      const at = original(frame);
      const where = at
        ? `${shorten(at.source)}:${at.line}`
        : frame.url
          ? path.basename(new URL(frame.url).pathname)
          : '';
      return `${at?.name ?? frame.functionName ?? '(anonymous)'}${where ? ` (${where})` : ''}`;
    },
    nameOf(leaf, stack) {
      if (NOT_SCRIPT.has(leaf.functionName)) return null;
      // A built-in (JSON.parse, Array.prototype.map, …) is charged to the script that called it.
      const frame = stack.find((f) => f.url) ?? leaf;
      if (!frame.url) return `(native) ${leaf.functionName}`;
      const at = original(frame);
      return at ? shorten(at.source) : path.basename(new URL(frame.url).pathname);
    },
  };
}
