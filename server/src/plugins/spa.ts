import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchesEtag, pickEncoding, precompressedBody, type PrecompressedBody } from '../lib/precompressed-body.ts';

export interface SpaOptions {
  distDir: string;
  /**
   * Written into index.html as `<script type="application/json" id="public-config">`, so the app
   * reads it at start instead of asking `GET /api/config` (a request on the sign-in pages' largest
   * paint). A data block is not executed, so the CSP's script-src needs no exception.
   */
  publicConfig?: unknown;
}

const ONE_YEAR = 31_536_000;

/**
 * JSON for the inside of a `<script>` element: `<`, `>` and `&` as \u escapes, so no value can
 * close the element (`</script>`) or open a comment (`<!--`); U+2028/2029 too, for old parsers.
 * `JSON.parse` of the element's text gives the value back unchanged.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** index.html with the data blocks in its head (at its end when it has no head). */
export function withDataBlocks(html: string, blocks: Record<string, unknown>): string {
  const tags = Object.entries(blocks)
    .map(([id, value]) => `<script type="application/json" id="${id}">${jsonForScriptElement(value)}</script>`)
    .join('');
  const head = html.indexOf('</head>');
  return head === -1 ? html + tags : html.slice(0, head) + tags + html.slice(head);
}

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated; any unknown path outside /api gets index.html so client-side routes survive a
 * reload, and unknown /api paths get the JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: SpaOptions) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const built = existsSync(indexFile);
    const blocks = options.publicConfig === undefined ? {} : { 'public-config': options.publicConfig };

    // The document, made once from the file and kept with its ETag and compressed forms; made
    // again when the file changes (a rebuild while the server runs), checked by a stat per visit.
    let document: { mtimeMs: number; size: number; etag: string; body: PrecompressedBody } | undefined;
    const currentDocument = async () => {
      const { mtimeMs, size } = await stat(indexFile);
      if (document?.mtimeMs !== mtimeMs || document.size !== size) {
        const html = Buffer.from(withDataBlocks(await readFile(indexFile, 'utf8'), blocks));
        const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
        document = { mtimeMs, size, etag, body: precompressedBody(html) };
      }
      return document;
    };
    const sendDocument = async (request: FastifyRequest, reply: FastifyReply) => {
      const { etag, body } = await currentDocument();
      // Revalidated on every visit (a deploy changes the asset names it points to); the ETag is
      // the hash of what is sent, config included, so a changed config is never answered 304.
      reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.type('text/html; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const compressed = encoding && (await body.encoded(encoding));
      if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
      return reply.send(body.identity);
    };
    if (!built)
      app.log.warn(`No built web app in ${options.distDir}: run "npm run build -w web". Serving the API only.`);

    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // index.html is only ever sent with its data blocks (below), also when asked by name.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, filePath) {
          const hashed = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep);
          res.header(
            'cache-control',
            hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=0, must-revalidate',
          );
        },
      });
    }

    const notFoundBody = (method: string, url: string) => ({
      error: { code: 'NOT_FOUND', message: `No API route ${method} ${url.split('?')[0]}` },
    });

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/'))
        return reply.status(404).send(notFoundBody(request.method, request.url));
      if (!built || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      // A missing file with an extension is a real 404 (a browser asked for an asset), not a route.
      const fileName = pathname.split('/').pop() ?? '';
      if (fileName.includes('.') && pathname !== '/index.html') {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return sendDocument(request, reply);
    });
  },
  { name: 'spa' },
);
