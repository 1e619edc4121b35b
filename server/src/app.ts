import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { LOG_REDACT_PATHS, REDACTED, redactedUrl } from './lib/log-redaction.ts';
import type { LogStream } from './log-destination.ts';
import { contactPlugin } from './modules/contact/contact-plugin.ts';
import { contactRoutes } from './modules/contact/contact-routes.ts';
import { fitmentRoutes } from './modules/catalogue/fitment/fitment-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { accessTokensPlugin } from './modules/identity/access-tokens-plugin.ts';
import { identityPlugin } from './modules/identity/identity-plugin.ts';
import { tokenRoutes } from './modules/identity/token-routes.ts';
import { invoicesPlugin } from './modules/invoices/invoices-plugin.ts';
import { invoicesRoutes } from './modules/invoices/invoices-routes.ts';
import { mailPlugin } from './modules/mail/mail-plugin.ts';
import { ordersPlugin } from './modules/orders/orders-plugin.ts';
import { ordersRoutes } from './modules/orders/orders-routes.ts';
import { holdSweeperPlugin } from './modules/orders/hold-sweeper.ts';
import { paymentsPlugin } from './modules/payments/payments-plugin.ts';
import { paymentsRoutes } from './modules/payments/payments-routes.ts';
import { webhookRoutes } from './modules/payments/webhook-routes.ts';
import { cataloguePlugin } from './modules/catalogue/catalogue-plugin.ts';
import { crossReferenceRoutes } from './modules/catalogue/numbers/cross-reference-routes.ts';
import { partsRoutes } from './modules/catalogue/parts-routes.ts';
import { publicConfigOf, publicConfigRoutes } from './modules/public-config/public-config-routes.ts';
import { reviewsPlugin } from './modules/reviews/reviews-plugin.ts';
import { statsPlugin } from './modules/stats/stats-plugin.ts';
import { statsRoutes } from './modules/stats/stats-routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews-routes.ts';
import { usersPlugin } from './modules/users/users-plugin.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { catalogueEventsPlugin } from './plugins/catalogue-events.ts';
import { databasePlugin } from './plugins/database.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { plainPathPlugin } from './plugins/plain-path.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Close the database with the app (the server does; tests that share one don't). */
  closeDatabase?: boolean;
  logger?: boolean;
  /** Where the log goes (log-destination.ts; tests read it); stdout as JSON lines when unset. */
  logStream?: LogStream;
}

/**
 * Fastify's own request logging writes two lines per request (incoming, completed, each with
 * serialised request or reply objects), which halved a fast route's throughput at `info`
 * (docs/PERFORMANCE.md): one flat line per answered request instead, its address without the
 * secrets some carry (lib/log-redaction.ts).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url: redactedUrl(request.url), status: reply.statusCode, ms };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** 1 MiB: the largest legitimate body (a part's description) is a few KB. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The whole server, composed in a fixed order (fastify/demo): framework plugins, then our
 * infrastructure (database, access control, identity), then the modules' services (orders first:
 * mail, payments and invoices subscribe to its events), then the routes, then the SPA. Each
 * plugin names what it depends on, so a wrong order stops the server at start.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
            ...(options.logStream && { stream: options.logStream }),
          },
    logController: new OneLineRequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a reverse proxy, TRUST_PROXY names it so rate limits see the client's address.
    trustProxy: config.TRUST_PROXY ?? false,
    // Bounded request time: a stalled client or database can't hold a connection forever.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      // Fastify sets the limit on the server once it exists, which Node 24 applies to slow
      // headers but not to a body that stalls after them (that waited for Node's default, 5
      // minutes): given to the constructor too, it covers the whole request.
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      // Node looks for requests past the limit every 30 s by default, so a 30 s limit could hold
      // a connection for a minute: look ten times per limit instead (a walk over open sockets).
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 10)),
    },
    connectionTimeout: 60_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // Unroutable addresses and broken connections answer in the API's error body too.
    frameworkErrors,
    clientErrorHandler,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    stripe: config.PAYMENT_PROVIDER === 'stripe',
    https: config.publicUrl.startsWith('https://'),
  });
  // Before anything reads the path: a path not in its plain form never reaches a route (issue 24).
  await app.register(plainPathPlugin);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(databasePlugin, {
    config,
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? false,
  });
  await app.register(rateLimitsPlugin);
  await app.register(accessTokensPlugin);
  await app.register(accessPlugin);
  await app.register(openApiPlugin);
  await app.register(metricsPlugin);
  await app.register(catalogueEventsPlugin);
  await app.register(ordersPlugin);
  await app.register(mailPlugin);
  await app.register(usersPlugin);
  await app.register(identityPlugin);
  await app.register(cataloguePlugin);
  await app.register(reviewsPlugin);
  await app.register(contactPlugin);
  await app.register(statsPlugin);
  await app.register(paymentsPlugin);
  await app.register(invoicesPlugin);
  await app.register(holdSweeperPlugin);

  await app.register(healthRoutes);
  await app.register(publicConfigRoutes);
  await app.register(partsRoutes);
  await app.register(fitmentRoutes);
  await app.register(crossReferenceRoutes);
  await app.register(reviewsRoutes);
  await app.register(contactRoutes);
  await app.register(tokenRoutes);
  await app.register(usersRoutes);
  await app.register(ordersRoutes);
  await app.register(invoicesRoutes);
  await app.register(paymentsRoutes);
  await app.register(webhookRoutes);
  await app.register(statsRoutes);

  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR, publicConfig: publicConfigOf(config) });
  await app.ready();
  return app;
}
