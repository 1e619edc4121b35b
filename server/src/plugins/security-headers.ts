import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
 * read storage. Images may be https links because admins add parts by "Image Link" (SPEC §2).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const stripeScript = options.stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = options.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeConnect = options.stripe ? ['https://api.stripe.com'] : [];
  await app.register(helmet, {
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
  });
});
