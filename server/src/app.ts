import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { INFRASTRUCTURE, ROUTES, SERVICES } from './module-registry.ts';
import { publicConfigOf } from './modules/public-config/public-config-routes.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { plainPathPlugin } from './plugins/plain-path.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { serverOptions, type ServerOptionsInput } from './server-options.ts';

export interface BuildAppOptions extends ServerOptionsInput {
  database: Database;
  /** Close the database with the app (the server does; tests that share one don't). */
  closeDatabase?: boolean;
}

/**
 * The whole server, composed in a fixed order (fastify/demo): framework plugins, then our
 * infrastructure, then the modules' services, then their routes, then the SPA
 * (module-registry.ts lists the modules; server-options.ts makes the Fastify instance).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify(serverOptions(options));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  const https = config.publicUrl.startsWith('https://');
  await app.register(securityHeadersPlugin, { stripe: config.PAYMENT_PROVIDER === 'stripe', https });
  // Before anything reads the path: a path not in its plain form never reaches a route (issue 24).
  await app.register(plainPathPlugin);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  const closeOnShutdown = options.closeDatabase ?? false;
  await app.register(databasePlugin, { config, database: options.database, closeOnShutdown });
  for (const plugin of [...INFRASTRUCTURE, ...SERVICES, ...ROUTES]) await app.register(plugin);

  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR, publicConfig: publicConfigOf(config) });
  await app.ready();
  return app;
}
