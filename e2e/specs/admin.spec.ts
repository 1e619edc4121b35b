import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { newAccount } from '../support/accounts.ts';
import { addPart, placeOrder } from '@torque/testkit';
import { api, apiUser, e2ePart, getPart, listParts, payOrder } from '../support/api.ts';
import { orderCard } from '../support/shop-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';

/** Journey 8: what an admin does in the dashboard (PRODUCT.md §2 admin pages) and what others then see. */

const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test('an admin promotes a customer, who then has the admin menu', async ({ page, admin, request, pageFor }) => {
  const account = newAccount('promoted');
  await signUpInBrowser(request, account);

  await page.goto('/dashboard/user');
  const row = page.getByRole('row').filter({ hasText: account.email });
  await row.getByRole('button', { name: `Make Admin, ${account.email}` }).click();
  await expect(page.getByText(`you approved ${account.name} as admin.`)).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Make Admin, ${account.email}` })).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ hasText: admin.email }).getByText('Admin', { exact: true }),
  ).toBeVisible();

  const promoted = await pageFor(account);
  await promoted.goto('/dashboard/manage-products');
  await expect(adminMenu(promoted).getByRole('link', { name: 'Manage Products' })).toBeVisible();
  await expect(promoted.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
});

test('an admin deletes a user through the confirm modal; the account can no longer sign in', async ({
  page,
  admin,
  request,
  playwright,
  baseURL,
}) => {
  const account = newAccount('leaving');
  await signUpInBrowser(request, account);

  await page.goto('/dashboard/user');
  await expect(page.getByRole('heading', { name: /^Users: \d+$/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: account.email });
  await row.getByRole('button', { name: `Delete user ${account.email}` }).click();
  await expect(confirmDialog(page).getByText(account.email)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User Deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toBeVisible();

  const fresh = await playwright.request.newContext({ baseURL });
  const refused = await fresh.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(refused.status()).toBe(401);
  await fresh.dispose();
});

test('an admin adds a product with the form; it is in the catalogue and can be ordered', async ({
  page,
  admin,
  pageFor,
}) => {
  const name = `Turbo Hose ${randomBytes(3).toString('hex')}`;
  await page.goto('/dashboard/add-product');
  await expect(page.getByRole('banner').getByText(admin.name)).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Silicone turbo hose, 4-ply, rated to 3 bar.');
  await page.getByLabel('Minimun Quantity').fill('4');
  await page.getByLabel('Available Quantity').fill('120');
  await page.getByLabel('Price').fill('18.75');
  await page.getByLabel('Image Link').fill('/images/parts/timing-belt-kit.svg');
  await page.getByLabel('Weight (g)').fill('850');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('item added')).toBeVisible();
  await expect(page.getByLabel('Name'), 'the form is cleared for the next product').toHaveValue('');

  const part = (await listParts(page.request)).find((candidate) => candidate.name === name);
  expect(part).toMatchObject({
    minimunOrder: 4,
    available: 120,
    price: 18.75,
    img: '/images/parts/timing-belt-kit.svg',
    weightGrams: 850,
    weightDefaulted: false,
  });

  await page.getByRole('link', { name: 'Manage Products' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('$18.75');

  const customer = await pageFor(newAccount(), 'sign-up');
  await customer.goto(`/purchase/${part!._id}`);
  await expect(customer.getByRole('heading', { name })).toBeVisible();
  await expect(customer.getByLabel('Quantity')).toHaveValue('4');
});

test('an admin deletes a product through the confirm modal; it leaves the catalogue', async ({
  page,
  adminApi,
  admin,
}) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart());

  await page.goto('/dashboard/manage-products');
  await expect(page.getByRole('banner').getByText(admin.name)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: part.name });
  await row.getByRole('button', { name: `Delete product ${part.name}` }).click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  expect((await page.request.get(`/api/parts/${part._id}`)).status()).toBe(404);
  expect((await listParts(page.request)).map((candidate) => candidate._id)).not.toContain(part._id);
});

test('an admin ships a paid order and the customer sees it shipped; Ship Now is off for unpaid orders', async ({
  page,
  admin,
  adminApi,
  request,
  pageFor,
}) => {
  const account = newAccount();
  await signUpInBrowser(request, account);
  const customer = await apiUser(request, account.email);
  const paidPart = await addPart(
    api(adminApi.request),
    adminApi.user,
    e2ePart({
      name: `Paid Part ${randomBytes(3).toString('hex')}`,
    }),
  );
  const unpaidPart = await addPart(
    api(adminApi.request),
    adminApi.user,
    e2ePart({
      name: `Unpaid Part ${randomBytes(3).toString('hex')}`,
    }),
  );
  const paid = await placeOrder(api(request), customer, paidPart._id, 5);
  await payOrder(request, customer, paid._id);
  await placeOrder(api(request), customer, unpaidPart._id, 6);

  await page.goto('/dashboard/manage-all-orders');
  await expect(page.getByRole('banner').getByText(admin.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All orders: \d+$/ })).toBeVisible();
  const paidRow = page.getByRole('row').filter({ hasText: paidPart.name });
  const unpaidRow = page.getByRole('row').filter({ hasText: unpaidPart.name });
  await expect(paidRow).toContainText(account.email);
  await expect(paidRow).toContainText('Pending');
  await expect(unpaidRow).toContainText('Unpaid');
  await expect(unpaidRow.getByRole('button', { name: /^Ship Now, order \d+$/ })).toBeDisabled();
  await expect(
    paidRow.getByRole('button', { name: /^Cancel order \d+$/ }),
    'a paid order is not cancelled',
  ).toBeDisabled();

  await paidRow.getByRole('button', { name: /^Ship Now, order \d+$/ }).click();
  await expect(paidRow).toContainText('Shipped');
  await expect(paidRow.getByRole('button', { name: /^Ship Now, order \d+$/ })).toBeDisabled();
  await expect(unpaidRow).toContainText('Unpaid');

  const customerPage = await pageFor(account);
  await customerPage.goto('/dashboard/my-orders');
  const card = orderCard(customerPage, paidPart.name);
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(orderCard(customerPage, unpaidPart.name).getByText('Unpaid', { exact: true })).toBeVisible();
  expect((await getPart(request, unpaidPart._id)).available).toBe(unpaidPart.available - 6);
});
