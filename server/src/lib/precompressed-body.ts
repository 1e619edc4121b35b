import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves less than its headers cost (as @fastify/compress's threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** A response body that never changes, with its compressed forms made once, on first use. */
export interface PrecompressedBody {
  identity: Buffer;
  /** The body in `encoding`, or null when it is too small to be worth compressing. */
  encoded(encoding: Encoding): Promise<Buffer | null>;
}

export function precompressedBody(identity: Buffer): PrecompressedBody {
  const forms: Partial<Record<Encoding, Promise<Buffer>>> = {};
  return {
    identity,
    async encoded(encoding) {
      if (identity.length < COMPRESS_THRESHOLD_BYTES) return null;
      // Off the event loop (the API reference's script is 4 MB), and once however many ask at once.
      forms[encoding] ??=
        encoding === 'br'
          ? brotli(identity, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
            })
          : gzipAsync(identity, { level: 6 });
      return forms[encoding];
    },
  };
}

/** The best encoding a client accepts among br and gzip (a q=0 refuses one), else null. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** True when the client's `If-None-Match` names this ETag (weak or strong) or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
