import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** Stripe's script and frames are allowed only when Stripe is the payment provider. */
  stripe: boolean;
  /** Behind HTTPS, ask browsers to stay on HTTPS. */
  https: boolean;
}

/**
 * A strict Content-Security-Policy: scripts only from this origin (the access token lives in
 * localStorage, so no inline or foreign script may run), plus what Stripe.js needs when used.
 * Inline styles stay allowed: Stripe Elements and the toast library set them, and styles cannot
 * read storage. Images may be https links because admins add parts by "Image Link" (PRODUCT.md §2).
 */
export function helmetOptions(options: SecurityHeadersOptions): HelmetOptions {
  const stripeScript = options.stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = options.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeConnect = options.stripe ? ['https://api.stripe.com'] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScript],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripeConnect],
        frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Google sign-in popup talks to its opener: keep the opener for same-origin popups.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet would set, computed once: none of ours depends on the request, and
 * building helmet's middleware per request (as @fastify/helmet does, re-parsing the CSP) cost
 * ~11 % of a small route's CPU.
 */
export function securityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  helmet(helmetOptions(options))({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = securityHeaders(options);
    // First onRequest hook: set before anything can fail, so error answers carry them too.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
