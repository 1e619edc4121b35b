import { performance } from 'node:perf_hooks';
import { createAccessTokens } from '../../../server/src/modules/identity/access-token.ts';

/**
 * What the access-token check costs per request, in-process: the server's own verifier
 * (Ed25519 signature, issuer, audience, expiry) on a token it issued, timed over many calls.
 */
export async function accessTokenVerifyMicros(iterations = 5000): Promise<number> {
  const tokens = createAccessTokens('bench-secret-that-is-long-enough-0123456789');
  const { token } = await tokens.issue({ userId: 'u1', email: 'bench@torque.bench', role: 'user', sessionId: 's1' });
  for (let i = 0; i < 500; i++) await tokens.verify(token);
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await tokens.verify(token);
  return ((performance.now() - started) * 1000) / iterations;
}
