import { performance } from 'node:perf_hooks';
import { createAccessTokens } from '../../../server/src/modules/identity/access-token.ts';

export interface TokenCost {
  /** A token's first check: Ed25519 signature, issuer, audience, expiry (µs, mean). */
  firstMicros: number;
  /** The same token again: served from the cache of verified tokens (µs, mean). */
  repeatMicros: number;
}

/**
 * What the access-token check costs per request, in-process, on tokens the server issued: the
 * first time a token is seen (signature work) and every time after (the verified-token cache).
 * Distinct tokens for the first, so none of them is a cache hit.
 */
export async function accessTokenCost(iterations = 2000): Promise<TokenCost> {
  const tokens = createAccessTokens('bench-secret-that-is-long-enough-0123456789');
  const issue = (i: number) =>
    tokens.issue({ userId: `u${i}`, email: `bench${i}@torque.bench`, role: 'user', sessionId: `s${i}` });
  const warmUp = await Promise.all(Array.from({ length: 200 }, (_, i) => issue(-1 - i)));
  for (const { token } of warmUp) await tokens.verify(token);
  const fresh = await Promise.all(Array.from({ length: iterations }, (_, i) => issue(i)));

  const timeAll = async () => {
    const started = performance.now();
    for (const { token } of fresh) await tokens.verify(token);
    return ((performance.now() - started) * 1000) / iterations;
  };
  const firstMicros = await timeAll();
  const repeatMicros = await timeAll();
  return { firstMicros, repeatMicros };
}
