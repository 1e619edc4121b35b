import type { Page } from '@playwright/test';
import { addPart, placeOrder, TEST_CARDS } from '@torque/testkit';
import { api, apiUser, e2ePart, listOwnOrders } from '../support/api.ts';
import { textHue } from '../support/colors.ts';
import { orderCard } from '../support/shop-pages.ts';
import { expect, test, type AdminApi } from '../support/fixtures.ts';

/** Journey 5: paying an order by card at /checkout/:id (PRODUCT.md §2, §8) through the sandbox provider. */

const EXPIRY = `12/${String(new Date().getUTCFullYear() + 2).slice(-2)}`;

async function payByCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details (test mode)' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay' }).click();
}

/** An unpaid order of the signed-in customer, for a part of the test's own, opened from My Orders. */
async function openCheckoutFromMyOrders(page: Page, customerEmail: string, adminApi: AdminApi) {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ minimunOrder: 2, price: 30 }));
  const order = await placeOrder(api(page.request), await apiUser(page.request, customerEmail), part._id, 3);
  await page.goto('/dashboard/my-orders');
  await page.getByRole('link', { name: `Pay for ${part.name}` }).click();
  await expect(page).toHaveURL(`/checkout/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('$90.00').first()).toBeVisible();
  return { part, order };
}

test('4242 4242 4242 4242 pays: a green confirmation with the id, and the order shows paid', async ({
  page,
  customer,
  adminApi,
}) => {
  const { part, order } = await openCheckoutFromMyOrders(page, customer.email, adminApi);

  await payByCard(page, TEST_CARDS.visa);
  const done = page.getByText('Your Payment is completed');
  await expect(done).toBeVisible();
  expect(await textHue(done)).toBe('green');

  const [paid] = await listOwnOrders(page.request, await apiUser(page.request, customer.email));
  expect(paid).toMatchObject({ _id: order._id, payment: true });
  expect(paid!.paymentId).toMatch(/^pi_/);
  await expect(page.getByText(`Your transaction id: ${paid!.paymentId}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay' }), 'no second charge').toBeDisabled();

  await page.getByRole('link', { name: 'Back to my orders' }).click();
  const card = orderCard(page, part.name);
  await expect(card.getByRole('button', { name: 'Paid' })).toBeDisabled();
  await expect(card.getByText(paid!.paymentId!)).toBeVisible();
  await expect(card.getByRole('link', { name: `Pay for ${part.name}` })).toHaveCount(0);
  await expect(
    card.getByRole('button', { name: `Cancel ${part.name}` }),
    'a paid order cannot be cancelled',
  ).toBeDisabled();

  await page.goto(`/checkout/${order._id}`);
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card details (test mode)' })).toHaveCount(0);
});

test('4000 0000 0000 0002 is declined in red and the order stays unpaid', async ({ page, customer, adminApi }) => {
  const { part, order } = await openCheckoutFromMyOrders(page, customer.email, adminApi);

  await payByCard(page, TEST_CARDS.declined);
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  expect(await textHue(declined)).toBe('red');
  await expect(page.getByText('Your Payment is completed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay' }), 'another card may be tried').toBeEnabled();

  const [unpaid] = await listOwnOrders(page.request, await apiUser(page.request, customer.email));
  expect(unpaid).toMatchObject({ _id: order._id, payment: false, paymentId: null });

  await page.goto('/dashboard/my-orders');
  await expect(page.getByRole('link', { name: `Pay for ${part.name}` })).toBeVisible();
});

test('an incomplete card is caught before anything is charged', async ({ page, customer, adminApi }) => {
  const { order } = await openCheckoutFromMyOrders(page, customer.email, adminApi);

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
  await expect(page.getByText('Your card’s expiration date is incomplete.')).toBeVisible();
  await expect(page.getByText('Your card’s security code is incomplete.')).toBeVisible();
  const [unpaid] = await listOwnOrders(page.request, await apiUser(page.request, customer.email));
  expect(unpaid).toMatchObject({ _id: order._id, payment: false });
});
