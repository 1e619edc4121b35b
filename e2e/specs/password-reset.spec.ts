import { newAccount } from '../support/accounts.ts';
import { storedAccessToken, submitLogin } from '../support/auth-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';
import { newestMail } from '../support/mailbox.ts';

/** Forgot password → the e-mailed link → a new password → signed in; the old password is gone. */
test('a customer resets a forgotten password from the e-mailed link and is signed in', async ({ page, request }) => {
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
  await expect(page).toHaveURL('/');
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
