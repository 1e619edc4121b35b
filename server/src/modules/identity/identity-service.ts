import type { AccessTokenResponse, User } from '@torque/contract';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { AccessTokens } from './access-token.ts';

/** A signed-in identity session (better-auth's), as the token exchange needs it. */
export interface IdentitySession {
  sessionId: string;
  userId: string;
  email: string;
  role: 'user' | 'admin';
}

/** What identity asks of the store's accounts (the users module answers). */
export interface AccountDirectory {
  byEmail(email: string): Promise<User | undefined>;
  /** Makes an account an admin and answers its record. */
  promote(email: string): Promise<User>;
}

/**
 * Sessions and the API's access tokens. `adminEmails` (ADMIN_EMAILS) become admins when they
 * exchange their session, so an account made before the list named it is promoted too.
 */
export function createIdentityService(deps: {
  accounts: AccountDirectory;
  accessTokens: AccessTokens;
  adminEmails: ReadonlySet<string>;
}) {
  const { accounts, accessTokens, adminEmails } = deps;
  return {
    /**
     * The token exchange (docs/DESIGN.md §7): a signed-in session gets a 15-minute access token
     * for its own account, never for another email.
     */
    async exchange(session: IdentitySession | null, email: string): Promise<AccessTokenResponse> {
      if (!session) throw unauthorized('Sign in first');
      if (session.email !== email.toLowerCase()) throw forbidden('You can only get a token for your own account');
      let record = await accounts.byEmail(session.email);
      if (!record) throw unauthorized('Sign in first');
      if (adminEmails.has(session.email) && record.role !== 'admin') record = await accounts.promote(session.email);
      const { token, expiresAt } = await accessTokens.issue({
        userId: record._id,
        email: record.email,
        role: record.role,
        sessionId: session.sessionId,
      });
      return { accessToken: token, expiresAt: expiresAt.toISOString(), user: record };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
