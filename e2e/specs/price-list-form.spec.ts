import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { call } from '@torque/testkit';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { api, e2ePart } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Issue 30, price lists (PRODUCT.md §25): the shop admin adds a list's fixed price by finding the
 * part in the catalogue by its number (the part picker), sees the part's number and name on the
 * row, saves, and edits it again. Axe and no sideways scroll at 390 and 1280 px with the picker's
 * answers open and with the part picked.
 */
async function checkPage(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of SCREEN_WIDTHS) {
    await setScreenWidth(page, width);
    await ready();
    await expectNoSeriousA11yViolations(page, testInfo, `${name} at ${width} px`);
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await saveScreenshot(page, `price-lists/${name}`, width);
  }
  await setScreenWidth(page, 1280);
}

test('a shop admin picks a fixed price’s part by its number, saves the list and sees the part on the row', async ({
  page,
  admin,
  adminApi,
}, testInfo) => {
  testInfo.setTimeout(testInfo.timeout * 2);
  void admin;
  const word = `Pk${randomBytes(3).toString('hex')}`;
  const number = `PL-${randomBytes(3).toString('hex').toUpperCase()}`;
  const part = await call<{ _id: string }>(api(adminApi.request), 'POST', '/api/parts', {
    token: adminApi.user.token,
    body: e2ePart({ name: `${word} Clutch Kit`, partNumber: number, price: 120 }),
  });
  expect(part.status, JSON.stringify(part.body)).toBe(201);

  await page.goto('/dashboard/price-lists');
  const form = page.getByRole('form', { name: 'Add a price list' });
  await form.getByLabel('Name').fill(`${word} deal`);
  await form.getByRole('button', { name: 'Add a fixed price' }).click();
  const picker = form.getByRole('combobox', { name: 'Part (row 1)' });
  await picker.fill(number);
  const option = form.getByRole('option', { name: `${number} ${word} Clutch Kit` });
  await checkPage(page, testInfo, 'picker-open', async () => {
    // A new width may close the list (the search loses focus): the search is typed in again.
    if (!(await option.isVisible())) {
      await picker.fill('');
      await picker.fill(number);
    }
    await expect(option).toBeVisible();
  });
  await option.click();
  const picked = page.getByTestId('picked-part');
  await expect(picked).toHaveText(`${number} ${word} Clutch Kit`);
  await form.getByLabel('Price per unit').fill('99.50');
  await form.getByLabel('Tiers (quantity @ price; …)').fill('10 @ 95');
  await checkPage(page, testInfo, 'picked', () => expect(picked).toBeVisible());
  await form.getByRole('button', { name: 'Add price list' }).click();
  await expect(page.getByText(`${word} deal added`)).toBeVisible();

  const lists = await call<{ name: string; prices: { partId: string; price: number }[] }[]>(
    api(adminApi.request),
    'GET',
    '/api/price-lists',
    { token: adminApi.user.token },
  );
  const saved = lists.body.find((l) => l.name === `${word} deal`);
  expect(saved?.prices).toMatchObject([{ partId: part.body._id, price: 99.5 }]);

  await page.getByRole('button', { name: `Edit price list ${word} deal` }).click();
  const edit = page.getByRole('form', { name: `Edit ${word} deal` });
  await expect(edit.getByTestId('picked-part')).toHaveText(`${number} ${word} Clutch Kit`);
});
