import { test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { adminAccountFor, newAccount, type Account } from './accounts.ts';
import { apiUser, type ApiUser } from './api.ts';
import { signIn, signUpInBrowser, signUpOrSignIn } from './identity.ts';

type SignInWay = 'sign-in' | 'sign-up' | 'sign-up-or-sign-in';

export interface RoleFixtures {
  /** A customer made for this test, signed in in `page`'s browser context. */
  customer: Account;
  /** This spec file's admin (ADMIN_EMAILS lists one per spec), signed in in `page`'s context. */
  admin: Account;
  /**
   * Another person in the same test (an admin ships, the customer looks): a page in a browser
   * context of its own, signed in as `account`, closed when the test ends.
   */
  pageFor: (account: Account, way?: SignInWay) => Promise<Page>;
  /**
   * This spec file's admin on the API, in a request context of its own (the page stays whoever
   * the test signed in): to arrange a part of the test's own, to pay or list orders.
   */
  adminApi: { request: APIRequestContext; user: ApiUser };
}

const SIGN_IN_WAYS = { 'sign-in': signIn, 'sign-up': signUpInBrowser, 'sign-up-or-sign-in': signUpOrSignIn } as const;

/**
 * `page` signed in as one role: ask for `customer` or `admin`, not both (they would share the
 * context's cookie); the second person comes from `pageFor`.
 */
export const test = base.extend<RoleFixtures>({
  customer: async ({ page }, use) => {
    const account = newAccount('customer');
    await signUpInBrowser(page.request, account);
    await use(account);
  },
  admin: async ({ page }, use, testInfo) => {
    const account = adminAccountFor(testInfo.file);
    await signUpOrSignIn(page.request, account);
    await use(account);
  },
  pageFor: async ({ browser, baseURL, viewport }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account, way = 'sign-in') => {
      const context = await browser.newContext({ baseURL, viewport });
      contexts.push(context);
      await SIGN_IN_WAYS[way](context.request, account);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  adminApi: async ({ playwright, baseURL }, use, testInfo) => {
    const account = adminAccountFor(testInfo.file);
    const request = await playwright.request.newContext({ baseURL });
    await signUpOrSignIn(request, account);
    await use({ request, user: await apiUser(request, account.email) });
    await request.dispose();
  },
});

export type AdminApi = RoleFixtures['adminApi'];

export { expect } from '@playwright/test';
