import { addPart, placeOrder } from '@torque/testkit';
import { api, apiUser, e2ePart, getPart } from '../support/api.ts';
import { orderCard, shownStock } from '../support/shop-pages.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * An unpaid order's hold ends (ORDER_HOLD_MINUTES; this spec's server holds for 30 s, see
 * support/global-setup.ts): My Orders says when to pay by, then shows the order Expired with Pay
 * disabled, Checkout offers no card form, and the units are back on the purchase page.
 */
test.use({ baseURL: process.env.E2E_SHORT_HOLD_URL });
// The 30 s hold, plus signing up and a sweep, on a machine that may be busy.
test.setTimeout(120_000);

test('an unpaid order turns Expired when its hold ends, and its stock goes back on sale', async ({
  page,
  customer,
  adminApi,
}) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ minimunOrder: 1, available: 12 }));
  const user = await apiUser(page.request, customer.email);
  const order = await placeOrder(api(page.request), user, part._id, 5);
  expect((await getPart(page.request, part._id)).available).toBe(7);

  await page.goto('/dashboard/my-orders');
  const card = orderCard(page, part.name);
  await expect(card.getByText('Unpaid')).toBeVisible();
  await expect(card.getByText('Pay by')).toBeVisible();
  await expect(card.getByRole('link', { name: `Pay for ${part.name}` })).toBeVisible();

  // The person waits on the page: it turns Expired by itself when the pay-by time passes.
  await expect(card.getByText('Expired')).toBeVisible({ timeout: 45_000 });
  await expect(card.getByRole('button', { name: `Pay for ${part.name} (expired)` })).toBeDisabled();
  await expect(card.getByText('Pay by')).toHaveCount(0);

  await page.goto(`/checkout/${order._id}`);
  await expect(page.getByRole('alert')).toContainText('This order expired before it was paid');
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);

  // The server's sweep gives the units back within moments: the purchase page shows them again.
  await expect(async () => {
    await page.goto(`/purchase/${part._id}`);
    await expect(shownStock(page)).toHaveText('12', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // Read again from the server, the order is still listed, expired.
  await page.goto('/dashboard/my-orders');
  await expect(orderCard(page, part.name).getByText('Expired')).toBeVisible();
});
