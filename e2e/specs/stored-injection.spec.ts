import type { Page } from '@playwright/test';
import { newAccount } from '../support/accounts.ts';
import { addPart } from '@torque/testkit';
import { api, e2ePart } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';

/**
 * Issue #9: HTML and script a user types (a review's comment, an account's name, an address)
 * are stored as text and shown as text. Each payload would set `window.__injected` or open a
 * dialog if the browser ran it; the pages must show the payload's characters instead.
 */

const payloads = {
  comment: `<img src=x onerror="window.__injected='comment'"><script>window.__injected='comment-script'</script>`,
  name: `<svg onload="window.__injected='name'">Eve`,
  address: `"><iframe srcdoc="<script>parent.__injected='address'</script>"></iframe>`,
};

/** Fails the test on any dialog, and reports whether any payload ran. */
function watchForScript(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return () => page.evaluate(() => (window as { __injected?: string }).__injected ?? null);
}

test('HTML in a review comment and in a name is shown as text on the landing page and nothing runs', async ({
  page,
}) => {
  const account = { ...newAccount('customer'), name: payloads.name };
  await signUpInBrowser(page.request, account);
  const injected = watchForScript(page);

  await page.goto('/dashboard/add-review');
  await page.getByLabel('Comment').fill(payloads.comment);
  await page.getByRole('button', { name: '5 out of 5' }).click();
  await page.getByRole('button', { name: 'Add review' }).click();
  await expect(page.getByText('Review added')).toBeVisible();

  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What our clients say' });
  const card = reviews.getByRole('listitem').filter({ hasText: payloads.comment });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(payloads.name, { exact: true })).toBeVisible();
  await expect(reviews.locator('img[src="x"], svg[onload], script')).toHaveCount(0);
  await page.waitForLoadState('load');
  expect(await injected()).toBeNull();
  await expect(page.getByRole('banner').getByText(payloads.name)).toBeVisible();
});

test('HTML in a profile’s address and name, and in a part’s name, is shown as text and nothing runs', async ({
  page,
  customer,
  adminApi,
}) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ name: `<b>Bold</b> part ${Date.now()}` }));
  const injected = watchForScript(page);

  await page.goto('/dashboard/my-profile');
  await expect(page.getByText(customer.email).first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Update your profile' });
  await form.getByLabel('Name').fill(payloads.name);
  await form.getByLabel('Phone').fill('+1 555 0100');
  await form.getByLabel('Address').fill(payloads.address);
  await form.getByLabel('LinkedIn Profile link').fill('https://www.linkedin.com/in/eve');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Update Successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByText(payloads.address, { exact: true })).toBeVisible();
  await expect(page.getByText(payloads.name, { exact: true }).first()).toBeVisible();
  await expect(page.locator('main iframe, main svg[onload]')).toHaveCount(0);

  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
  await expect(page.locator('main b')).toHaveCount(0);
  expect(await injected()).toBeNull();
});
