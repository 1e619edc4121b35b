import type { BrowserContext, Page } from '@playwright/test';
import { GOOGLE_ACCOUNT_COOKIE, type Account } from './accounts.ts';

/** The login and sign-up forms as a person fills them (PRODUCT.md §2, §5). */
export async function submitLogin(page: Page, account: Partial<Pick<Account, 'email' | 'password'>>): Promise<void> {
  if (account.email !== undefined) await page.getByLabel('Email').fill(account.email);
  if (account.password !== undefined) await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function submitSignup(page: Page, account: Partial<Account>): Promise<void> {
  if (account.name !== undefined) await page.getByLabel('Name').fill(account.name);
  if (account.email !== undefined) await page.getByLabel('Email').fill(account.email);
  if (account.password !== undefined) await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'SignUp', exact: true }).click();
}

/** PRODUCT.md §3: the API access token lives in localStorage under `accessToken`. */
export function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('accessToken'));
}

/** The identity session of the page's context as the server sees it (null when signed out). */
export async function sessionEmail(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/auth/get-session');
  const body = (await response.json().catch(() => null)) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

/**
 * Chooses the account the local OpenID Connect server signs in as "Google". Cookies are not
 * kept apart by port (RFC 6265 §8.5), so a cookie for the app's host also reaches the
 * provider's authorize page on another port of 127.0.0.1; support/oidc-provider.ts reads it.
 * Each browser context carries its own, so specs running side by side never swap accounts.
 */
export async function chooseGoogleAccount(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  await context.addCookies([{ name: GOOGLE_ACCOUNT_COOKIE, value: encodeURIComponent(email), url: baseURL }]);
}
