import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { account, user } from '../src/db/schema/index.ts';
import { databaseKinds } from './helpers/databases.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from './helpers/test-app.ts';
import { freePort } from '@torque/testkit';

const CLIENT_ID = 'torque-test-client';
const CLIENT_SECRET = 'torque-test-client-secret';
/** In ADMIN_EMAILS, and only ever signs in with Google. */
const GOOGLE_ADMIN = 'boss@gmail.test';
const SESSION_COOKIE = 'better-auth.session_token';

interface GoogleProfile {
  sub: string;
  email: string;
  name: string;
}

const profile = (local: string): GoogleProfile => ({
  sub: `google-${local}`,
  email: `${local}@gmail.test`,
  name: local[0]!.toUpperCase() + local.slice(1),
});

/**
 * One browser window: a cookie jar, and redirects left to the caller so each hop is checked.
 * Every request is real HTTP, to the app or to the OpenID Connect server.
 */
function newBrowser(cookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(cookies));
  return {
    cookie: (name: string) => jar.get(name),
    cookieHeader: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set('cookie', this.cookieHeader());
      const res = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split(/=(.*)/s);
        const cleared = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
        if (cleared) jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
      return res;
    },
  };
}
type Browser = ReturnType<typeof newBrowser>;

function locationOf(res: Response): string {
  assert.equal(res.status, 302, `expected a redirect, got ${res.status}`);
  const location = res.headers.get('location');
  assert.ok(location, 'a redirect without a Location');
  return location;
}

for (const kind of databaseKinds()) {
  describe(`Google sign-in against a local OpenID Connect server (${kind})`, () => {
    let oidc: OAuth2Server;
    let t: TestApp;
    let base: string;
    /** Who the provider says signs in at the next token request. */
    let signingAs: GoogleProfile | undefined;
    const tokenRequests: Record<string, unknown>[] = [];

    before(async () => {
      oidc = new OAuth2Server();
      await oidc.issuer.keys.generate('RS256');
      await oidc.start(0, '127.0.0.1');
      oidc.issuer.url = `http://127.0.0.1:${oidc.address().port}`;
      // The mock signs every token for "johndoe" without an email; Google's carry these claims.
      oidc.service.on('beforeTokenSigning', (token) => {
        if (!signingAs) throw new Error('the test did not say who signs in');
        Object.assign(token.payload, {
          sub: signingAs.sub,
          email: signingAs.email,
          email_verified: true,
          name: signingAs.name,
        });
      });
      oidc.service.on('beforeResponse', (_response, req) => tokenRequests.push({ ...req.body }));

      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      t = await createTestApp(kind, {
        seed: false,
        env: {
          PORT: String(port),
          PUBLIC_URL: base,
          GOOGLE_CLIENT_ID: CLIENT_ID,
          GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
          GOOGLE_ISSUER: oidc.issuer.url,
          ADMIN_EMAILS: `${ADMIN_EMAIL},${GOOGLE_ADMIN}`,
        },
      });
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    after(async () => {
      await t?.close();
      await oidc?.stop();
    });

    /** The "Continue with google" popup opens here; the app sends it on to the provider. */
    async function openPopup(browser: Browser): Promise<URL> {
      return new URL(locationOf(await browser.fetch(`${base}/api/auth/google/popup`)));
    }

    /** The provider signs the user in and sends the popup back to the app's callback. */
    async function authorize(browser: Browser, authorizeUrl: URL): Promise<URL> {
      return new URL(locationOf(await browser.fetch(authorizeUrl)));
    }

    /** The app trades the code for tokens at the provider and ends the popup somewhere. */
    async function returnToApp(browser: Browser, callbackUrl: URL, as: GoogleProfile): Promise<string> {
      signingAs = as;
      return locationOf(await browser.fetch(callbackUrl));
    }

    async function signInWithGoogle(as: GoogleProfile): Promise<Browser> {
      const browser = newBrowser();
      const callback = await authorize(browser, await openPopup(browser));
      assert.equal(await returnToApp(browser, callback, as), '/auth/complete');
      return browser;
    }

    /** PUT /api/user/:email with the popup's session cookie, as the SPA does after the popup reports. */
    async function exchange(browser: Browser, email: string): Promise<Response> {
      return browser.fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    }

    async function tokenFor(
      browser: Browser,
      email: string,
    ): Promise<{ accessToken: string; user: { _id: string; email: string; name: string; role: string } }> {
      const res = await exchange(browser, email);
      assert.equal(res.status, 200, await res.clone().text());
      return res.json();
    }

    const api = (path: string, accessToken: string) =>
      fetch(`${base}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });

    test('the public config says Google is on', async () => {
      const config = await (await fetch(`${base}/api/config`)).json();
      assert.equal(config.googleEnabled, true);
    });

    test('the popup goes to the provider with state, nonce and PKCE and comes back signed in', async () => {
      const gina = profile('gina');
      const browser = newBrowser();

      const authorizeUrl = await openPopup(browser);
      assert.equal(authorizeUrl.origin, oidc.issuer.url);
      assert.equal(authorizeUrl.pathname, '/authorize');
      const q = authorizeUrl.searchParams;
      assert.equal(q.get('client_id'), CLIENT_ID);
      assert.equal(q.get('response_type'), 'code');
      assert.equal(q.get('redirect_uri'), `${base}/api/auth/callback/google`);
      assert.deepEqual(q.get('scope')?.split(' ').sort(), ['email', 'openid', 'profile']);
      assert.equal(q.get('code_challenge_method'), 'S256');
      assert.ok(q.get('code_challenge'), 'PKCE challenge');
      assert.ok(q.get('nonce'), 'nonce');
      assert.ok(q.get('state'), 'state');
      assert.ok(browser.cookie('better-auth.state'), 'the state is bound to this browser');
      assert.equal(browser.cookie(SESSION_COOKIE), undefined);

      const callback = await authorize(browser, authorizeUrl);
      assert.equal(`${callback.origin}${callback.pathname}`, `${base}/api/auth/callback/google`);
      assert.equal(callback.searchParams.get('state'), q.get('state'));
      assert.ok(callback.searchParams.get('code'));

      const requestsBefore = tokenRequests.length;
      assert.equal(await returnToApp(browser, callback, gina), '/auth/complete');
      assert.ok(browser.cookie(SESSION_COOKIE), 'signed in');
      assert.equal(browser.cookie('better-auth.state'), undefined, 'the state cookie is spent');
      const tokenRequest = tokenRequests[requestsBefore]!;
      assert.equal(tokenRequest.grant_type, 'authorization_code');
      assert.equal(tokenRequest.code, callback.searchParams.get('code'));
      assert.equal(typeof tokenRequest.code_verifier, 'string', 'the code was redeemed with the PKCE verifier');

      const { accessToken, user: record } = await tokenFor(browser, gina.email);
      assert.equal(record.email, gina.email);
      assert.equal(record.name, 'Gina');
      assert.equal(record.role, 'user');
      const own = await api(`/api/user?email=${gina.email}`, accessToken);
      assert.equal(own.status, 200);
      assert.equal((await own.json())._id, record._id);
      assert.equal((await api('/api/all-user', accessToken)).status, 403);
      // Someone else's token is still not on offer to this session.
      assert.equal((await exchange(browser, 'other@gmail.test')).status, 403);
    });

    test('a second Google sign-in of the same email reuses the same user', async () => {
      const greg = profile('greg');
      const first = await tokenFor(await signInWithGoogle(greg), greg.email);
      const second = await tokenFor(await signInWithGoogle(greg), greg.email);
      assert.equal(second.user._id, first.user._id);
      assert.notEqual(second.accessToken, first.accessToken, 'a new session, a new token');
      const users = await t.db.database.db.select({ id: user.id }).from(user).where(eq(user.email, greg.email));
      assert.deepEqual(users, [{ id: first.user._id }]);
      const accounts = await t.db.database.db
        .select({ accountId: account.accountId })
        .from(account)
        .where(and(eq(account.userId, first.user._id), eq(account.providerId, 'google')));
      assert.deepEqual(accounts, [{ accountId: greg.sub }]);
      for (const { accessToken } of [first, second])
        assert.equal((await api(`/api/user?email=${greg.email}`, accessToken)).status, 200);
    });

    test('an ADMIN_EMAILS account signing in with Google is an admin', async () => {
      const boss = { sub: 'google-boss', email: GOOGLE_ADMIN, name: 'Boss' };
      const { accessToken, user: record } = await tokenFor(await signInWithGoogle(boss), boss.email);
      assert.equal(record.role, 'admin');
      assert.equal((await api('/api/all-user', accessToken)).status, 200);
      assert.deepEqual(await (await api(`/api/admin/${GOOGLE_ADMIN}`, accessToken)).json(), { admin: true });
    });

    test('a tampered, foreign or replayed state is refused without a session', async () => {
      const mallory = profile('mallory');
      const requestsBefore = tokenRequests.length;

      const tampered = newBrowser();
      const callback = await authorize(tampered, await openPopup(tampered));
      const state = callback.searchParams.get('state')!;
      callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
      assert.equal(await returnToApp(tampered, callback, mallory), '/auth/complete?error=state_mismatch');

      // A callback URL opened in a browser that did not start the flow (login CSRF).
      const started = newBrowser();
      const foreignCallback = await authorize(started, await openPopup(started));
      const foreign = newBrowser();
      assert.equal(await returnToApp(foreign, foreignCallback, mallory), '/auth/complete?error=state_mismatch');
      assert.equal(tokenRequests.length, requestsBefore, 'refused before any code was redeemed');

      // The same callback twice, even with the state cookie: the state is single-use.
      const first = newBrowser();
      const used = await authorize(first, await openPopup(first));
      const stateCookie = first.cookie('better-auth.state')!;
      assert.equal(await returnToApp(first, used, mallory), '/auth/complete');
      const replay = newBrowser({ 'better-auth.state': stateCookie });
      assert.equal(await returnToApp(replay, used, mallory), '/auth/complete?error=state_mismatch');

      for (const browser of [tampered, foreign, replay]) {
        assert.equal(browser.cookie(SESSION_COOKIE), undefined);
        assert.equal((await exchange(browser, mallory.email)).status, 401);
      }
    });

    test('a wrong authorization code is refused without a session', async () => {
      const browser = newBrowser();
      const callback = await authorize(browser, await openPopup(browser));
      callback.searchParams.set('code', 'a-code-the-provider-never-issued');
      assert.equal(await returnToApp(browser, callback, profile('wendy')), '/auth/complete?error=invalid_code');
      assert.equal(browser.cookie(SESSION_COOKIE), undefined);
      assert.equal((await exchange(browser, 'wendy@gmail.test')).status, 401);
      const users = await t.db.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'wendy@gmail.test'));
      assert.deepEqual(users, []);
    });

    test('a Google sign-in does not take over a password account with the same email', async () => {
      const pat = await t.signUp('pat@gmail.test', 'Pat');
      const browser = newBrowser();
      const callback = await authorize(browser, await openPopup(browser));
      assert.equal(await returnToApp(browser, callback, profile('pat')), '/auth/complete?error=account_not_linked');
      assert.equal(browser.cookie(SESSION_COOKIE), undefined);
      assert.equal((await exchange(browser, pat.email)).status, 401);
    });
  });

  describe(`Google sign-in when it is not available (${kind})`, () => {
    test('not configured: the popup ends at once with a clear error', async () => {
      const t = await createTestApp(kind, { seed: false });
      try {
        const res = await t.inject({ method: 'GET', url: '/api/auth/google/popup' });
        assert.equal(res.statusCode, 302);
        assert.equal(res.headers.location, '/auth/complete?error=google_not_configured');
        assert.equal(res.headers['set-cookie'], undefined);
        assert.equal((await t.inject({ method: 'GET', url: '/api/config' })).json().googleEnabled, false);
      } finally {
        await t.close();
      }
    });

    test('configured but the provider cannot be reached: the popup ends with a clear error', async () => {
      const deadPort = await freePort();
      const t = await createTestApp(kind, {
        seed: false,
        env: {
          GOOGLE_CLIENT_ID: CLIENT_ID,
          GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
          GOOGLE_ISSUER: `http://127.0.0.1:${deadPort}`,
        },
      });
      try {
        const res = await t.inject({ method: 'GET', url: '/api/auth/google/popup' });
        assert.equal(res.statusCode, 302);
        assert.equal(res.headers.location, '/auth/complete?error=google_unavailable');
      } finally {
        await t.close();
      }
    });
  });
}
