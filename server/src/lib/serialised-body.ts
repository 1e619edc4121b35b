import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, matchesEtag, pickEncoding, type Encoding } from './precompressed-body.ts';

export { matchesEtag };

/** A JSON response serialised once: its bytes, a strong ETag, and compressed forms made on first use. */
export interface SerialisedBody {
  json: Buffer;
  etag: string;
  /** The body in `encoding`, or null when it is too small to be worth compressing. */
  encoded(encoding: Encoding): Buffer | null;
}

/** `tagPrefix` goes in front of the content hash inside the ETag (a single part's edit version). */
export function serialise(value: unknown, tagPrefix = ''): SerialisedBody {
  const json = Buffer.from(JSON.stringify(value));
  const encodedForms: Partial<Record<Encoding, Buffer>> = {};
  return {
    json,
    // From the content, not a counter: every instance gives the same catalogue the same tag.
    etag: `"${tagPrefix}${createHash('sha1').update(json).digest('base64url')}"`,
    encoded(encoding) {
      if (json.length < COMPRESS_THRESHOLD_BYTES) return null;
      // Once per catalogue change, when a client first asks. Every order changes the stock, so
      // fast settings: brotli 4 takes ~1 ms on the seeded catalogue where 11 takes ~19 ms for 13 % less.
      encodedForms[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(json, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
            })
          : gzipSync(json, { level: 6 });
      return encodedForms[encoding];
    },
  };
}

/**
 * Sends a pre-serialised JSON body: 304 when the client already holds it, otherwise the bytes in
 * the best encoding it accepts. Browsers keep it and revalidate every time (`no-cache`), so a
 * stock change is seen at once while an unchanged catalogue costs a few header bytes.
 */
export function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerialisedBody,
  options: { private?: boolean } = {},
): FastifyReply {
  // A private answer (a buyer's prices) differs by caller: shared caches must not keep it.
  reply
    .header('etag', body.etag)
    .header('cache-control', options.private ? 'private, no-cache' : 'no-cache')
    .header('vary', options.private ? 'authorization, accept-encoding' : 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const compressed = encoding && body.encoded(encoding);
  if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(body.json);
}
