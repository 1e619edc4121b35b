import { addPart, placeOrder } from '@torque/testkit';
import { api, apiUser, e2ePart, getPart, listOwnOrders, payOrder } from '../support/api.ts';
import { orderCard, shownStock } from '../support/shop-pages.ts';
import { expect, test } from '../support/fixtures.ts';

/** Journey 6: cancelling an unpaid order from My Orders through the confirm modal (PRODUCT.md §2). */

test('an unpaid order cancelled through the modal disappears and its units go back to stock', async ({
  page,
  customer,
  adminApi,
}) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ minimunOrder: 5, available: 40 }));
  const user = await apiUser(page.request, customer.email);
  await placeOrder(api(page.request), user, part._id, 7);
  expect((await getPart(page.request, part._id)).available).toBe(33);

  await page.goto('/dashboard/my-orders');
  const card = orderCard(page, part.name);
  await expect(card).toBeVisible();

  // Close keeps the order.
  await card.getByRole('button', { name: `Cancel ${part.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(part.name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  expect(await listOwnOrders(page.request, user)).toHaveLength(1);

  // Delete cancels it.
  await card.getByRole('button', { name: `Cancel ${part.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  expect(await listOwnOrders(page.request, user)).toEqual([]);
  expect((await getPart(page.request, part._id)).available, 'the 7 units are back').toBe(40);
  await page.goto(`/purchase/${part._id}`);
  await expect(shownStock(page)).toHaveText('40');
});

test('a paid order offers no cancelling', async ({ page, customer, adminApi }) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart());
  const user = await apiUser(page.request, customer.email);
  const order = await placeOrder(api(page.request), user, part._id, 5);
  await payOrder(page.request, user, order._id);

  await page.goto('/dashboard/my-orders');
  const card = orderCard(page, part.name);
  await expect(card.getByRole('button', { name: 'Paid' })).toBeVisible();
  await expect(card.getByRole('button', { name: `Cancel ${part.name}` })).toBeDisabled();
});
