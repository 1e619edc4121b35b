import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { accountSignUpFields, accountUpdateFields, TEXT_MAX } from '@torque/contract';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { clip } from '../../lib/clip.ts';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * better-auth answers an unexpected error (a lost database, say) with a bare 500. Inside
 * `authFailures.run(…)` it hands the error over instead of logging it, so the server can answer
 * as it does for every other route (503 while the database is away).
 */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();

/**
 * Inside `withheldResetMail.run(true, …)` a password reset request is answered as any other but
 * its e-mail is not written: the account's own limit was reached (auth-routes.ts, issue 24).
 */
export const withheldResetMail = new AsyncLocalStorage<true>();

/** Outside production, both localhost and 127.0.0.1 on our port may sign in (PRODUCT.md §12). */
function trustedOrigins(config: Config): string[] {
  const origins = new Set([config.publicUrl]);
  if (config.NODE_ENV !== 'production') {
    const port = new URL(config.publicUrl).port || String(config.PORT);
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  return [...origins];
}

/**
 * better-auth owns passwords (scrypt hashes), sessions and the OAuth dance (state, PKCE).
 * Its own rate limiter is off: ours (per IP and per account, Redis-backed when scaled out)
 * guards the same routes in front of it.
 */
export interface PasswordResetHooks {
  /** Writes the reset e-mail to the outbox (modules/mail). */
  sendResetPassword(user: { id: string; name: string; email: string }, token: string): Promise<void>;
  /** After a reset: better-auth has deleted the user's sessions; forget them at once. */
  passwordWasReset(userId: string): void;
}

/**
 * The account fields better-auth's own routes write, checked with the contract's rules (issue
 * 24): a name longer than 100 characters or a bad picture link is a 400 there as everywhere else.
 */
const ACCOUNT_BODIES: Record<string, typeof accountSignUpFields | typeof accountUpdateFields> = {
  '/sign-up/email': accountSignUpFields,
  '/update-user': accountUpdateFields,
};

/**
 * Refuses a body that breaks the rules with better-auth's own 400 (`{ code, message }`), and
 * hands on the trimmed fields, so what is stored is what was checked.
 */
const checkAccountFields = createAuthMiddleware(async (ctx) => {
  const schema = ACCOUNT_BODIES[ctx.path];
  if (!schema) return;
  const checked = schema.safeParse(ctx.body ?? {});
  if (!checked.success)
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: checked.error.issues[0]!.message });
  const fields = Object.fromEntries(Object.entries(checked.data).filter(([, value]) => value !== undefined));
  return { context: { body: { ...(ctx.body as object), ...fields } } };
});

/**
 * The last line for a name or picture that reaches the store another way (an OpenID profile's
 * name at sign-up): clipped to the same rule instead of refused.
 */
function clippedAccount<U extends { name?: string | null; image?: string | null }>(user: U): U {
  const name = typeof user.name === 'string' ? clip(user.name.trim(), TEXT_MAX.accountName) : user.name;
  const image = typeof user.image === 'string' && user.image.length > TEXT_MAX.imageLink ? null : user.image;
  return { ...user, ...(name !== undefined && { name }), ...(image !== undefined && { image }) };
}

export function createAuth(
  config: Config,
  db: Db,
  adminEmails: ReadonlySet<string>,
  log: FastifyBaseLogger,
  passwordReset: PasswordResetHooks,
) {
  return betterAuth({
    appName: 'Torque Parts',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // better-auth's own reset flow: it makes and checks the token (one hour, used once); we
      // only write the e-mail. Its answer is the same whether or not the address has an account.
      sendResetPassword: async ({ user, token }) => {
        if (!withheldResetMail.getStore()) await passwordReset.sendResetPassword(user, token);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Every session (and so every access token made from one) ends with the old password.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => passwordReset.passwordWasReset(user.id),
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    // Through the server's logger, so LOG_LEVEL (and a silent test app) applies to it too.
    logger: {
      log: (level, message, ...details) =>
        log[level](details[0] instanceof Error ? { err: details[0] } : { details }, `better-auth: ${message}`),
    },
    // An OAuth callback whose state cannot be read (tampered, replayed, expired, another browser)
    // has no error URL of its own: end it on the popup's page, which tells the opener and closes,
    // instead of better-auth's own error page, where the popup would stay open.
    onAPIError: {
      errorURL: '/auth/complete',
      onError: (error) => {
        if (isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') return;
        const failure = authFailures.getStore();
        if (failure) failure.error = error;
        else log.error({ err: error }, 'better-auth: unexpected error');
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    user: {
      additionalFields: {
        // Never accepted from a sign-up body (input: false): only ADMIN_EMAILS, an admin or the CLI set it.
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        address: { type: 'string', required: false, input: false },
        phone: { type: 'string', required: false, input: false },
        linkedin: { type: 'string', required: false, input: false },
      },
    },
    hooks: { before: checkAccountFields },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...clippedAccount(user),
              email: user.email.toLowerCase(),
              role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'user',
            },
          }),
        },
        update: { before: async (user) => ({ data: clippedAccount(user) }) },
      },
    },
    plugins: [
      bearer(),
      ...(config.googleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: `${config.GOOGLE_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
