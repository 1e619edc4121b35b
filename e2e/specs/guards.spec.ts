import type { Page } from '@playwright/test';
import { newAccount } from '../support/accounts.ts';
import { listParts } from '../support/api.ts';
import { sessionEmail, storedAccessToken, submitLogin } from '../support/auth-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';

/** Journey 3: the route guards of PRODUCT.md §2 (protected pages, admin-only pages). */

const CUSTOMER_MENU = ['My Profile', 'Add Review', 'Orders', 'My company'];
const ADMIN_MENU = [
  'Overview',
  'My Profile',
  'Make Admin',
  'Add Product',
  'Manage All Orders',
  'Manage Products',
  'Shipping',
  'Tax',
  'Price lists',
  // With the count of open messages, when there are any ("Messages 2 open").
  /^Messages/,
  'Companies',
];

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');

test('a visitor sent from /dashboard to /login is brought back to /dashboard after signing in', async ({
  page,
  request,
}) => {
  const account = newAccount();
  await signUpInBrowser(request, account);

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
  await submitLogin(page, account);

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(dashboardMenu(page)).toHaveText(CUSTOMER_MENU);
});

test('the origin is kept for deeper pages too: a dashboard child and a purchase page', async ({ page, request }) => {
  const account = newAccount();
  await signUpInBrowser(request, account);
  const [part] = await listParts(request);

  await page.goto('/dashboard/my-profile');
  await expect(page).toHaveURL('/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL('/dashboard/my-profile');

  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto(`/purchase/${part!._id}`);
  await expect(page).toHaveURL('/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL(`/purchase/${part!._id}`);
});

test('a customer opening an admin page is signed out and sent to /login', async ({ page, customer }) => {
  await page.goto('/dashboard');
  await expect(dashboardMenu(page)).toHaveText(CUSTOMER_MENU);
  expect(await storedAccessToken(page)).toBeTruthy();

  await page.goto('/dashboard/user');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedAccessToken(page)).toBeNull();
  expect(await sessionEmail(page), `${customer.email} is signed out on the server too`).toBeNull();
});

test('an admin opens the admin pages and sees the admin menu, without Add Review and Orders', async ({
  page,
  admin,
}) => {
  await page.goto('/dashboard/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(dashboardMenu(page)).toHaveText(ADMIN_MENU);
  await expect(page).toHaveURL('/dashboard/user');
  await expect(page.getByRole('banner').getByText(admin.name)).toBeVisible();
});
