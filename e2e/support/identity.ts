import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Account } from './accounts.ts';

/**
 * Sign-up and sign-in through the identity routes (PRODUCT.md §13). Called with `page.request`,
 * the session cookie lands in the page's browser context: the next page load is signed in
 * (the SPA reads the session and trades it for its access token itself).
 */
export async function signUpInBrowser(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', { data: account });
  await expectOk(response, `sign-up of ${account.email}`);
}

export async function signIn(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  await expectOk(response, `sign-in of ${account.email}`);
}

/**
 * For accounts a spec reuses across its tests (its admin): the first test creates it, later
 * ones sign in. Sign-up is tried first; if it fails (the account exists, or a test running
 * beside this one just made it), sign-in must work.
 */
export async function signUpOrSignIn(request: APIRequestContext, account: Account): Promise<void> {
  const created = await request.post('/api/auth/sign-up/email', { data: account });
  if (created.ok()) return;
  await signIn(request, account);
}

async function expectOk(response: APIResponse, what: string) {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(200);
}
