import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

export const AUTH_BASE_PATH = '/api/auth';

/** Outside production, both localhost and 127.0.0.1 on our port may sign in (DESIGN.md §6). */
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
export function createAuth(config: Config, db: Db, adminEmails: ReadonlySet<string>) {
  return betterAuth({
    appName: 'Torque Parts',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128, autoSignIn: true },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
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
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, email: user.email.toLowerCase(), role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'user' },
          }),
        },
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
