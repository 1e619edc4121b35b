import type { Page } from '@playwright/test';
import { orderMessages } from '@torque/contract';
import { addPart, placeOrder } from '@torque/testkit';
import { api, apiUser, e2ePart, getPart, listOwnOrders } from '../support/api.ts';
import { shownStock } from '../support/shop-pages.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Journey 4: ordering a part (PRODUCT.md §2 /purchase/:id, §5 quantity rules). Every test orders
 * a part of its own, made through the API, so other specs running beside it never move its stock.
 */

const orderButton = (page: Page) => page.getByRole('button', { name: 'Order', exact: true });
const quantity = (page: Page) => page.getByLabel('Quantity');

test('quantities below the minimum or above the stock are refused as typed and keep Order disabled', async ({
  page,
  customer,
  adminApi,
}) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ minimunOrder: 10, available: 50 }));

  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(quantity(page), 'the quantity starts at the minimum order').toHaveValue('10');
  await expect(orderButton(page)).toBeEnabled();

  await quantity(page).fill('9');
  await expect(page.getByText(orderMessages.belowMinimum)).toBeVisible();
  await expect(orderButton(page)).toBeDisabled();

  await quantity(page).fill('51');
  await expect(page.getByText(orderMessages.aboveAvailable)).toBeVisible();
  await expect(page.getByText(orderMessages.belowMinimum)).toHaveCount(0);
  await expect(orderButton(page)).toBeDisabled();

  await quantity(page).fill('50');
  await expect(page.getByText(orderMessages.aboveAvailable)).toHaveCount(0);
  await expect(orderButton(page)).toBeEnabled();

  const user = await apiUser(page.request, customer.email);
  expect(await listOwnOrders(page.request, user), 'nothing was ordered').toEqual([]);
});

test('an order says Order Successful and drops the stock shown on the page', async ({ page, customer, adminApi }) => {
  const part = await addPart(
    api(adminApi.request),
    adminApi.user,
    e2ePart({ minimunOrder: 5, available: 40, price: 12.5 }),
  );

  await page.goto(`/purchase/${part._id}`);
  await expect(shownStock(page)).toHaveText('40');
  await quantity(page).fill('12');
  await page.getByLabel('Phone').fill('+1 555 0142');
  await page.getByLabel('Address').fill('42 Piston Road, Detroit');
  await expect(page.getByText('Total: $150.00')).toBeVisible();
  await orderButton(page).click();

  await expect(page.getByText('Order Successful')).toBeVisible();
  await expect(shownStock(page), 'the page shows the stock left after the order').toHaveText('28');
  await expect(page.getByText(`Order placed: 12 × ${part.name}, $150.00 in total.`)).toBeVisible();

  expect((await getPart(page.request, part._id)).available).toBe(28);
  const [order, ...others] = await listOwnOrders(page.request, await apiUser(page.request, customer.email));
  expect(others).toEqual([]);
  expect(order).toMatchObject({
    partId: part._id,
    quantity: 12,
    price: 150,
    email: customer.email,
    payment: false,
    status: null,
  });
  expect(order).toMatchObject({ phone: '+1 555 0142', address: '42 Piston Road, Detroit' });

  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(`/checkout/${order!._id}`);
});

test('a part with no stock says Stock out and cannot be ordered', async ({ page, customer, adminApi }) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart({ minimunOrder: 5, available: 5 }));
  await placeOrder(api(page.request), await apiUser(page.request, customer.email), part._id, 5);

  await page.goto(`/purchase/${part._id}`);
  await expect(shownStock(page)).toHaveText('0');
  await expect(page.getByRole('alert').filter({ hasText: orderMessages.stockOut })).toBeVisible();
  await expect(quantity(page)).toBeDisabled();
  await expect(orderButton(page)).toBeDisabled();
});

test('phone and address are required before an order goes out', async ({ page, customer, adminApi }) => {
  const part = await addPart(api(adminApi.request), adminApi.user, e2ePart());

  await page.goto(`/purchase/${part._id}`);
  await orderButton(page).click();
  await expect(page.getByText('Order Successful')).toHaveCount(0);
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  expect((await getPart(page.request, part._id)).available).toBe(part.available);
  expect(await listOwnOrders(page.request, await apiUser(page.request, customer.email))).toEqual([]);
});
