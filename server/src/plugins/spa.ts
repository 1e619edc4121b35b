import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SpaOptions {
  distDir: string;
}

const ONE_YEAR = 31_536_000;

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated; any unknown path outside /api gets index.html so client-side routes survive a
 * reload, and unknown /api paths get the JSON 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: SpaOptions) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const built = existsSync(indexFile);
    if (!built)
      app.log.warn(`No built web app in ${options.distDir}: run "npm run build -w web". Serving the API only.`);

    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
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
      if (fileName.includes('.')) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', options.distDir);
    });
  },
  { name: 'spa' },
);
