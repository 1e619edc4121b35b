import { GOOGLE_ACCOUNT_NAME, newAccount } from '../support/accounts.ts';
import {
  chooseGoogleAccount,
  sessionEmail,
  storedAccessToken,
  submitLogin,
  submitSignup,
} from '../support/auth-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';

/** Journey 2: sign-up, sign-in (email and Google) and sign-out (PRODUCT.md §2, §4, §5, §8). */

test.describe('sign-up', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  test('says what is missing or wrong, and creates no account', async ({ page }) => {
    await submitSignup(page, {});
    await expect(page.getByText('Name is Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();

    // An address without three letters, a five-character password.
    await submitSignup(page, { name: 'Ann Driver', email: '12@34.56', password: '12345' });
    await expect(page.getByText('error message', { exact: true })).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer', { exact: true })).toBeVisible();
    await expect(page.getByText('Name is Required', { exact: true })).toHaveCount(0);

    await expect(page).toHaveURL('/signup');
    expect(await storedAccessToken(page)).toBeNull();
  });

  test("shows the identity provider's message for a taken email", async ({ page, request }) => {
    const taken = newAccount();
    await signUpInBrowser(request, taken);
    await submitSignup(page, { ...taken, name: 'Somebody Else' });
    const message = page.getByText('User already exists. Use another email.');
    await expect(message).toBeVisible();
    await expect(message).toHaveClass(/text-sm/);
    await expect(message).toHaveClass(/text-red-700/);
    expect(await storedAccessToken(page)).toBeNull();
  });

  test('creates the account, keeps the access token and opens the dashboard', async ({ page }) => {
    const account = newAccount();
    await submitSignup(page, account);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(account.name)).toBeVisible();
    expect(await storedAccessToken(page)).toBeTruthy();
  });
});

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  test('says what is missing or wrong before asking the server', async ({ page }) => {
    await submitLogin(page, {});
    await expect(page.getByText('Email is Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();

    await submitLogin(page, { email: 'x@1.2', password: 'abc' });
    await expect(page.getByText('error message', { exact: true })).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is Required', { exact: true })).toHaveCount(0);
  });

  test('a wrong password gets a red message and signs nobody in', async ({ page, request }) => {
    const account = newAccount();
    await signUpInBrowser(request, account);
    await submitLogin(page, { email: account.email, password: `${account.password}-wrong` });
    const message = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await expect(message).toBeVisible();
    await expect(message).toHaveClass(/text-red-700/);
    expect(await storedAccessToken(page)).toBeNull();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('signs in, goes home, and sign-out clears the access token and the session', async ({ page, request }) => {
    const account = newAccount();
    await signUpInBrowser(request, account);
    await submitLogin(page, account);
    await expect(page).toHaveURL('/');
    const navbar = page.getByRole('banner');
    await expect(navbar.getByText(account.name)).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(await storedAccessToken(page)).toBeTruthy();

    await navbar.getByRole('button', { name: 'Sign Out' }).click();
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await storedAccessToken(page)).toBeNull();
    // Revoked on the server too: a reload stays signed out.
    expect(await sessionEmail(page)).toBeNull();
    await page.reload();
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('Continue with google signs in through the 500×600 popup and the OpenID Connect server', async ({
    page,
    context,
    baseURL,
  }) => {
    const googleEmail = newAccount('google').email;
    await chooseGoogleAccount(context, baseURL!, googleEmail);
    const google = page.getByRole('button', { name: 'Continue with google' });
    await expect(google).toBeEnabled();

    const [popup] = await Promise.all([page.waitForEvent('popup'), google.click()]);
    expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
    // The popup runs the OAuth flow, lands on /auth/complete, tells this page and closes itself.
    if (!popup.isClosed()) await popup.waitForEvent('close');

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByText(GOOGLE_ACCOUNT_NAME)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await storedAccessToken(page)).toBeTruthy();
    expect(await sessionEmail(page)).toBe(googleEmail);
  });
});
