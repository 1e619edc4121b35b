import { newAccount } from '../support/accounts.ts';
import { addPart, placeOrder } from '@torque/testkit';
import { api, apiUser, e2ePart, payOrder } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { signUpInBrowser } from '../support/identity.ts';
import { dashboardReady, overviewReady } from '../support/routes.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/** Issue 17: the admin overview shows what the shop took, in figures, a chart and its table. */

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('an order paid today shows in the revenue, the daily chart and the top parts', async ({
  page,
  admin,
  adminApi,
  request,
}) => {
  expect(admin.email).toContain('overview');
  // A part of this test's own, priced so that it is surely among the top 5 of the week.
  const part = await addPart(
    api(adminApi.request),
    adminApi.user,
    e2ePart({ minimunOrder: 1, available: 10, price: 25_000 }),
  );
  const buyer = newAccount('overview-buyer');
  await signUpInBrowser(request, buyer);
  const buyerApi = await apiUser(request, buyer.email);
  const order = await placeOrder(api(request), buyerApi, part._id, 2);
  await payOrder(request, buyerApi, order._id);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await overviewReady(page);

  const revenue = page.locator('dl > div').filter({ has: page.getByText('Revenue', { exact: true }) });
  await expect(revenue).toBeVisible();
  const shown = dollars((await revenue.locator('dd').first().textContent()) ?? '');
  expect(shown).toBeGreaterThanOrEqual(50_000);

  // The chart is drawn, and its tooltip names today's figures on hover.
  const chart = page.getByRole('group', { name: /Revenue and orders per day/ });
  const svg = page.getByTestId('daily-chart');
  await expect(svg.locator('rect.fill-accent')).toHaveCount(7);
  const box = (await svg.boundingBox())!;
  await page.mouse.move(box.x + box.width - 50, box.y + box.height / 2);
  await expect(chart.getByText(/^Revenue \$/)).toBeVisible();
  // From the keyboard: focus, then End reads the last day (today).
  await chart.focus();
  await page.keyboard.press('End');
  const tip = chart.getByText(/^Revenue \$/);
  expect(dollars((await tip.textContent()) ?? '')).toBeGreaterThanOrEqual(50_000);

  // Its text alternative: today's row of the table.
  const daily = page.getByRole('region', { name: 'Revenue and orders per day' });
  await daily.getByRole('button', { name: 'Show table' }).click();
  const lastRow = daily.getByRole('row').last();
  expect(dollars((await lastRow.getByRole('cell').first().textContent()) ?? '')).toBeGreaterThanOrEqual(50_000);

  const top = page.getByRole('region', { name: 'Top 5 parts by revenue' });
  await top.getByRole('button', { name: 'Show table' }).click();
  const row = top.getByRole('row').filter({ hasText: part.name });
  await expect(row.getByRole('cell').nth(0)).toHaveText('$50,000.00');
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');

  // With figures in it (the accessibility spec photographs it too, maybe before any order).
  await top.getByRole('button', { name: 'Hide table' }).click();
  await daily.getByRole('button', { name: 'Hide table' }).click();
  for (const width of SCREEN_WIDTHS) {
    await setScreenWidth(page, width);
    await overviewReady(page);
    await saveScreenshot(page, 'admin/dashboard-overview-with-orders', width);
  }
  // 90 days: the most bars, the sparsest axis labels.
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(page.getByTestId('daily-chart').locator('rect.fill-accent')).toHaveCount(90);
  await saveScreenshot(page, 'admin/dashboard-overview-90-days', 1280);
  await setScreenWidth(page, 390);
  await overviewReady(page);
  await saveScreenshot(page, 'admin/dashboard-overview-90-days', 390);
});

test('a customer is not shown the overview', async ({ page, customer }) => {
  expect(customer.email).toBeTruthy();
  // The customer's dashboard, menu loaded: no Overview in it.
  await page.goto('/dashboard');
  await dashboardReady(page);
  const menu = page.getByRole('navigation', { name: 'Dashboard', includeHidden: true });
  await expect(menu.getByRole('link', { name: 'Orders', exact: true, includeHidden: true })).toBeAttached();
  await expect(menu.getByRole('link', { name: 'Overview', includeHidden: true })).toHaveCount(0);

  // Opened by its address, the admin page signs a customer out and shows the login page (PRODUCT.md §2).
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toHaveCount(0);
});
