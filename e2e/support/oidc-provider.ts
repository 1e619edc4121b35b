import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { GOOGLE_ACCOUNT_COOKIE, GOOGLE_ACCOUNT_NAME } from './accounts.ts';
import {
  OAuth2Server,
  type MutableRedirectUri,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';

interface GoogleIdentity {
  sub: string;
  email: string;
}

export interface OidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

/**
 * A local OpenID Connect server standing in for Google (PRODUCT.md §14). It approves every
 * authorization at once. The account signing in is the one the spec chose with a cookie
 * (chooseGoogleAccount in support/auth-pages.ts), else a new one; its email and name go into
 * the tokens, which is where the server's OpenID Connect client reads them.
 */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const identityByCode = new Map<string, GoogleIdentity>();

  server.service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    if (code) identityByCode.set(code, identityFor(chosenEmail(req)));
  });

  server.service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const code = req.body.code;
    const identity = (code && identityByCode.get(code)) || identityFor(null);
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name: GOOGLE_ACCOUNT_NAME,
    });
  });

  await server.start(0, '127.0.0.1');
  // It would call itself `localhost`; the app is reached at 127.0.0.1, and the account cookie
  // only travels to the same host name.
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  return { issuer, stop: () => server.stop() };
}

function chosenEmail(req: IncomingMessage): string | null {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === GOOGLE_ACCOUNT_COOKIE && value) return decodeURIComponent(value);
  }
  return null;
}

/** The same email always maps to the same Google subject, as it would at Google. */
function identityFor(email: string | null): GoogleIdentity {
  const address = email ?? `google.${randomBytes(4).toString('hex')}@gmail.test`;
  return { sub: `google-${Buffer.from(address).toString('hex')}`, email: address };
}
