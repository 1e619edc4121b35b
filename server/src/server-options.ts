import type { Server } from 'node:http';
import { LogController, type FastifyHttpOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { LOG_REDACT_PATHS, REDACTED, redactedUrl } from './lib/log-redaction.ts';
import type { LogStream } from './log-destination.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/error-handler.ts';

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

export interface ServerOptionsInput {
  config: Config;
  logger?: boolean;
  /** Where the log goes (log-destination.ts; tests read it); stdout as JSON lines when unset. */
  logStream?: LogStream;
}

/** How the Fastify instance itself is made: logging, limits and timeouts. */
export function serverOptions(options: ServerOptionsInput): FastifyHttpOptions<Server> {
  const { config } = options;
  return {
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
  };
}
