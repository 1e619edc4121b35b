import { newAccount } from '../support/accounts.ts';
import { storedAccessToken, submitLogin } from '../support/auth-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';
import { newestMail } from '../support/mailbox.ts';

/**
 * Forgot password → the e-mailed link → a new password → signing in with it; the old password is
 * gone. The page does not sign in by itself (issue 24: a link names no account it can trust).
 */
test('a customer resets a forgotten password from the e-mailed link, then signs in with it', async ({
  page,
  request,
}) => {
  const account = newAccount('forgetful');
  await signUpInBrowser(request, account);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();

  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is Required', { exact: true })).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${account.email}`);

  const mail = await newestMail(account.email, /reset your password/);
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();

  // PRODUCT.md §5's message for a short password.
  await page.getByLabel('New password').fill('12345');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Must be 6 characters or longer', { exact: true })).toBeVisible();

  const newPassword = 'a-brand-new-pass-1';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  expect(await storedAccessToken(page)).toBeFalsy();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await submitLogin(page, { email: account.email, password: newPassword });
  await expect(page.getByRole('banner').getByText(account.name)).toBeVisible();
  expect(await storedAccessToken(page)).toBeTruthy();

  // The old password no longer signs in; the new one does.
  const fresh = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const other = await fresh.newPage();
  await other.goto('/login');
  await submitLogin(other, { email: account.email, password: account.password });
  await expect(other.getByText(/invalid email or password/i)).toBeVisible();
  await submitLogin(other, { email: account.email, password: newPassword });
  await expect(other).not.toHaveURL(/\/login$/);
  await fresh.close();
});

/**
 * Login CSRF through the reset link (issue 24): someone asks a reset link for their own account
 * and sends it, with their address, to another person. Setting "a new password" there must not
 * sign that person into the sender's account.
 */
test("a reset link from someone else's account never signs its reader in", async ({ page, request }) => {
  const sender = newAccount('link-sender');
  await signUpInBrowser(request, sender);
  const asked = await request.post('/api/auth/request-password-reset', { data: { email: sender.email } });
  expect(asked.status()).toBe(200);
  const mail = await newestMail(sender.email, /reset your password/);
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text ?? '')?.[0];
  const token = link && new URL(link).searchParams.get('token');
  expect(token, mail.text).toBeTruthy();

  // The reader's browser (`page`) is signed in as nobody; the link names the sender.
  await page.goto(`/reset-password?token=${token}&email=${encodeURIComponent(sender.email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await expect(page.getByText(sender.email)).toHaveCount(0);
  await page.getByLabel('New password').fill('readers-choice-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  expect(await storedAccessToken(page)).toBeFalsy();
  await expect(page.getByRole('banner').getByText(sender.name)).toHaveCount(0);
});
