import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import type { Caller } from '../../plugins/access.ts';

const ISSUER = 'torque-parts';
const AUDIENCE = 'torque-parts-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Tokens whose signature was checked, kept until they expire: ~1 kB each, so ~10 MB at most. */
const VERIFIED_TOKENS_MAX = 10_000;

/** PKCS#8 prefix of an Ed25519 private key; the 32 bytes that follow are the seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * Ed25519 keys derived from AUTH_SECRET, so every instance sharing the secret signs and
 * verifies the same tokens without a key store.
 */
function deriveKeys(secret: string): { privateKey: KeyObject; publicKey: KeyObject } {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'torque-parts', 'access-token-ed25519', 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export type TokenProblem = 'missing' | 'expired' | 'invalid';

export class AccessTokenError extends Error {
  readonly problem: TokenProblem;
  constructor(problem: TokenProblem) {
    super(problem);
    this.problem = problem;
  }
}

export function createAccessTokens(secret: string) {
  const { privateKey, publicKey } = deriveKeys(secret);
  const verified = createExpiringCache<Caller>(VERIFIED_TOKENS_MAX);

  async function verifySignature(token: string): Promise<{ caller: Caller; expiresAtMs: number }> {
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['EdDSA'],
      });
      const { sub, email, role, sid, exp } = payload;
      if (
        typeof sub !== 'string' ||
        typeof email !== 'string' ||
        typeof sid !== 'string' ||
        (role !== 'user' && role !== 'admin') ||
        typeof exp !== 'number'
      ) {
        throw new AccessTokenError('invalid');
      }
      // jose refuses a token once the clock reaches `exp` (whole seconds): so does the cache.
      return { caller: { userId: sub, email, role, sessionId: sid }, expiresAtMs: exp * 1000 };
    } catch (error) {
      if (error instanceof AccessTokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new AccessTokenError('expired');
      throw new AccessTokenError('invalid');
    }
  }

  return {
    async issue(caller: Caller): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
      const token = await new SignJWT({ email: caller.email, role: caller.role, sid: caller.sessionId })
        .setProtectedHeader({ alg: 'EdDSA' })
        .setSubject(caller.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(privateKey);
      return { token, expiresAt };
    },
    /**
     * Checks signature, issuer, audience and expiry in-process: no database round trip. A token
     * that passed is remembered (by its exact text, signature included) until it expires, so a
     * client's repeat requests skip the Ed25519 check (~170 µs); an altered or forged token is
     * another string and is always checked. Revocation is not decided here: the caller of
     * verify() asks session-validity on every request.
     */
    async verify(token: string): Promise<Caller> {
      const known = verified.get(token);
      if (known) return { ...known };
      const { caller, expiresAtMs } = await verifySignature(token);
      verified.set(token, caller, expiresAtMs);
      return { ...caller };
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
