import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { newAccount } from '../support/accounts.ts';
import { addPart, placeOrder } from '@torque/testkit';
import { api, apiUser, e2ePart, getPart, payOrder } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';

/** Issue 18: an admin edits and restocks a product, pages and filters orders, reads the inbox, exports CSV. */

test('an admin edits a price and restocks; the purchase page shows both', async ({ page, admin, adminApi }) => {
  void admin;
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ available: 40, price: 12.5 }));

  await page.goto('/dashboard/manage-products');
  await page.getByRole('link', { name: `Edit product ${part.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit product' });
  await expect(form.getByLabel('Name')).toHaveValue(part.name);
  await form.getByLabel('Price').fill('99.99');
  // A part added through the API has a defaulted weight: the form asks for the real one (PRODUCT.md §20).
  await form.getByLabel('Weight (g)').fill('850');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('item updated')).toBeVisible();

  const restock = page.getByRole('form', { name: 'Restock' });
  await restock.getByLabel(/Quantity to add/).fill('15');
  await restock.getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByText('stock updated: 55 available')).toBeVisible();
  await expect(page.getByTestId('stock-level')).toHaveText('55');

  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByText(/99\.99/).first()).toBeVisible();
  await expect(page.getByText(/\b55\b/).first()).toBeVisible();
  expect((await getPart(adminApi.request, part._id)).available).toBe(55);
});

test('a second admin saving a stale form is told the product changed and can reload it', async ({
  page,
  admin,
  adminApi,
}) => {
  void admin;
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ price: 10 }));
  await page.goto(`/dashboard/manage-products/${part._id}/edit`);
  const form = page.getByRole('form', { name: 'Edit product' });
  await expect(form.getByLabel('Price')).toHaveValue('10');
  // Another admin saves first, through the API.
  const etag = (await adminApi.request.get(`/api/parts/${part._id}`)).headers().etag!;
  const other = await adminApi.request.put(`/api/parts/${part._id}`, {
    data: { price: 11 },
    headers: { authorization: `Bearer ${adminApi.user.token}`, 'if-match': etag },
  });
  expect(other.status()).toBe(200);
  await form.getByLabel('Price').fill('12');
  await form.getByLabel('Weight (g)').fill('850');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible();
  await page.getByRole('button', { name: 'Reload product' }).click();
  await expect(form.getByLabel('Price')).toHaveValue('11');
});

test('an admin pages and filters orders, then downloads them as CSV', async ({ page, admin, adminApi, request }) => {
  void admin;
  const buyer = newAccount('bulkbuyer');
  await signUpInBrowser(request, buyer);
  const user = await apiUser(request, buyer.email);
  const part = await addPart(
    api(adminApi.request),
    adminApi.user,
    e2ePart({ available: 1000, minimunOrder: 1, price: 2 }),
  );
  const placed = [];
  for (let i = 0; i < 51; i++)
    placed.push(
      await placeOrder(api(request), user, part._id, 1, {
        address: i === 0 ? '1 "Comma, Quote" St\nFlat 2' : '1 Test Lane',
      }),
    );
  await payOrder(request, user, placed[5]!._id);

  await page.goto('/dashboard/manage-all-orders');
  await page.getByLabel('Search by e-mail or part').fill(buyer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'All orders: 51' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(50);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]cursor=/);

  await page.getByLabel('Status').selectOption('paid');
  await expect(page.getByRole('heading', { name: 'All orders: 1' })).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: buyer.email })
      .getByRole('button', { name: /Ship Now/ }),
  ).toBeEnabled();

  await page.getByLabel('Status').selectOption('');
  await expect(page.getByRole('heading', { name: 'All orders: 51' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await download.path())!), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(51);
  expect(rows.every((r) => r['Customer e-mail'] === buyer.email)).toBe(true);
  expect(rows.map((r) => r.Address)).toContain('1 "Comma, Quote" St\nFlat 2');
  expect(rows.filter((r) => r['Payment id'] !== '')).toHaveLength(1);
});

test('an admin reads a message and marks it handled', async ({ page, admin, request }) => {
  void admin;
  const subject = `Brake question ${Date.now()}`;
  const sent = await request.post('/api/contact', {
    data: { email: 'curious@example.com', subject, message: 'Do you ship to Canada?\nThanks' },
  });
  expect(sent.status()).toBe(201);

  await page.goto('/dashboard');
  await expect(
    page
      .getByRole('navigation', { name: 'Dashboard', includeHidden: true })
      .getByRole('link', { name: /Messages \d+ open/, includeHidden: true }),
  ).toBeAttached();
  await page.goto('/dashboard/messages');
  const message = page.getByRole('article', { name: subject });
  await expect(message.getByText('curious@example.com')).toBeVisible();
  await expect(message.getByText('Do you ship to Canada?')).toBeVisible();
  await message.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('message marked handled')).toBeVisible();
  await expect(message).toHaveCount(0);
  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(page.getByRole('article', { name: subject }).getByText('Handled', { exact: true })).toBeVisible();
});
