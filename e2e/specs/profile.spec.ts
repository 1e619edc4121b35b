import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** Journey 9: the profile at /dashboard/my-profile (PRODUCT.md §2, §7). */

const form = (page: Page) => page.getByRole('form', { name: 'Update your profile' });

test('a customer updates the profile: Update Successfully, the new details shown and kept', async ({
  page,
  customer,
}) => {
  await page.goto('/dashboard/my-profile');
  await expect(page.getByText(customer.email).first()).toBeVisible();

  const details = {
    name: 'Riley Mechanic',
    phone: '+44 20 7946 0958',
    address: '7 Gearbox Lane, Leeds',
    linkedin: 'https://www.linkedin.com/in/riley-mechanic',
  };
  await form(page).getByLabel('Name').fill(details.name);
  await form(page).getByLabel('Phone').fill(details.phone);
  await form(page).getByLabel('Address').fill(details.address);
  await form(page).getByLabel('LinkedIn Profile link').fill(details.linkedin);
  await form(page).getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('Update Successfully')).toBeVisible();
  await expect(form(page).getByLabel('Name'), 'the form is cleared after saving').toHaveValue('');
  for (const value of Object.values(details))
    await expect(page.getByText(value, { exact: true }).first()).toBeVisible();

  await page.reload();
  for (const value of Object.values(details))
    await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('banner').getByText(details.name)).toBeVisible();
});

test('every profile field is required: missing ones are flagged one by one and nothing changes', async ({
  page,
  customer,
}) => {
  await page.goto('/dashboard/my-profile');
  await form(page).getByRole('button', { name: 'Update' }).click();
  for (const label of ['Name', 'Phone', 'Address', 'LinkedIn Profile link']) {
    await expect(form(page).getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }

  await form(page).getByLabel('Name').fill('Only A Name');
  await form(page).getByRole('button', { name: 'Update' }).click();
  await expect(form(page).getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  for (const label of ['Phone', 'Address', 'LinkedIn Profile link']) {
    await expect(form(page).getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByText('Update Successfully')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('banner').getByText(customer.name)).toBeVisible();
});
