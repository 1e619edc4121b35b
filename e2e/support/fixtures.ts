import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { adminAccountFor, newAccount, type Account } from './accounts.ts';
import { signIn, signUp, signUpOrSignIn } from './identity.ts';

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
}

const SIGN_IN_WAYS = { 'sign-in': signIn, 'sign-up': signUp, 'sign-up-or-sign-in': signUpOrSignIn } as const;

/**
 * `page` signed in as one role: ask for `customer` or `admin`, not both (they would share the
 * context's cookie); the second person comes from `pageFor`.
 */
export const test = base.extend<RoleFixtures>({
  customer: async ({ page }, use) => {
    const account = newAccount('customer');
    await signUp(page.request, account);
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
});

export { expect } from '@playwright/test';
