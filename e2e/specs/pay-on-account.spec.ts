import type { Page, TestInfo } from '@playwright/test';
import { call } from '@torque/testkit';
import { adminAccountFor } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { api, apiUser, e2ePart } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Issue 30, pay on account (PRODUCT.md §26): a company buyer with Net 30 terms checks out on
 * account with a PO number; the order page and My orders say when it is due; the shop admin records
 * the payment. Axe and no sideways scroll at 390 and 1280 px on each page.
 */
async function checkPage(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of SCREEN_WIDTHS) {
    await setScreenWidth(page, width);
    await ready();
    await expectNoSeriousA11yViolations(page, testInfo, `${name} at ${width} px`);
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await saveScreenshot(page, `pay-on-account/${name}`, width);
  }
  await setScreenWidth(page, 1280);
}

test('a company buyer checks out on account with a PO number; the shop admin records the payment', async ({
  page,
  customer,
  adminApi,
  pageFor,
}, testInfo) => {
  testInfo.setTimeout(testInfo.timeout * 3);
  const admin = api(adminApi.request);
  const token = adminApi.user.token;
  const part = await call<{ _id: string }>(admin, 'POST', '/api/parts', {
    token,
    body: e2ePart({ name: 'Fleet Oil Filter', price: 20, available: 500, minimunOrder: 1 }),
  });
  expect(part.status).toBe(201);
  const company = await call<{ _id: string }>(admin, 'POST', '/api/companies', {
    token,
    body: { name: `Northline Fleet ${Date.now()}` },
  });
  expect(company.status).toBe(201);
  expect(
    (
      await call(admin, 'PUT', `/api/companies/${company.body._id}/members/${customer.email}`, {
        token,
        body: { role: 'buyer' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call(admin, 'PUT', `/api/companies/${company.body._id}/terms`, {
        token,
        body: { netDays: 30, creditLimit: 1000 },
      })
    ).status,
  ).toBe(200);

  const buyer = await apiUser(page.request, customer.email);
  const self = api(page.request);
  const address = await call(self, 'POST', '/api/addresses', {
    token: buyer.token,
    body: {
      name: 'Sam Fleet',
      line1: '1 Depot Rd',
      postalCode: '62704',
      city: 'Springfield',
      country: 'US',
      phone: '555-0100',
    },
  });
  expect(address.status).toBe(201);
  const cart = await call(self, 'PUT', '/api/cart', {
    token: buyer.token,
    body: { lines: [{ partId: part.body._id, quantity: 3 }] },
  });
  expect(cart.status).toBe(200);

  await page.goto('/cart');
  const onAccount = page.getByRole('radio', { name: /Pay on account/ });
  await checkPage(page, testInfo, 'cart', () => expect(onAccount).toBeVisible());
  await expect(onAccount.locator('xpath=ancestor::label')).toContainText(
    'Net 30 · $1,000.00 of $1,000.00 credit available',
  );
  await onAccount.check();
  await page.getByLabel('PO number (optional)').fill('PO-7781');
  await checkPage(page, testInfo, 'cart-on-account', () =>
    expect(page.getByLabel('PO number (optional)')).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Place order on account' }).click();

  await expect(page).toHaveURL(/\/checkout\//);
  const note = page.getByText(/On account · due \d{4}-\d{2}-\d{2} · PO PO-7781/);
  await checkPage(page, testInfo, 'order-page', () => expect(note).toBeVisible());
  await expect(page.getByText(/is issued to your company/)).toBeVisible();
  // Nothing asks for a card: the total, no "Please pay", no card form.
  await expect(page.getByText('Total: $')).toBeVisible();
  await expect(page.getByText('Please pay')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await page.goto('/dashboard/my-orders');
  await checkPage(page, testInfo, 'my-orders', () =>
    expect(page.getByText(/On account · due .* · PO PO-7781/).first()).toBeVisible(),
  );

  const shop = await pageFor(adminAccountFor(testInfo.file));
  await shop.goto('/dashboard/manage-all-orders');
  // Other specs' on-account orders share the shop's list: this spec's is the row with its PO.
  const row = shop.getByRole('row').filter({ hasText: 'PO-7781' });
  const record = row.getByRole('button', { name: /^Record payment, order/ });
  await checkPage(shop, testInfo, 'admin-orders', () => expect(record).toBeVisible());
  await record.click();
  await expect(record).toHaveCount(0);
});
