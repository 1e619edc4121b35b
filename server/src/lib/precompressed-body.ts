import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

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

/** What we can send, best first: brotli, then gzip, then the body as it is. */
const OFFERED: readonly string[] = ['br', 'gzip', 'identity'];

/** Negotiated answers by Accept-Encoding value: clients send a handful of distinct values, again and again. */
const negotiated = new LRUCache<string, Encoding | 'identity'>({ max: 64 });

/**
 * The encoding to send (negotiator: q-values, `*`, `identity`), or null for the body as it is.
 * Among encodings the client rates equally, brotli wins.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let chosen = negotiated.get(acceptEncoding);
  if (chosen === undefined) {
    const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(OFFERED, {
      preferred: OFFERED,
    });
    chosen = best === 'br' || best === 'gzip' ? best : 'identity';
    negotiated.set(acceptEncoding, chosen);
  }
  return chosen === 'identity' ? null : chosen;
}

/** True when the client's `If-None-Match` names this ETag (weak or strong) or is `*` (fresh). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return fresh({ 'if-none-match': ifNoneMatch }, { etag });
}
