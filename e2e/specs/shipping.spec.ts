import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { TEST_CARDS } from '@torque/testkit';
import { PDFParse } from 'pdf-parse';
import { adminAccountFor } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { expect, test } from '../support/fixtures.ts';
import { newestMail } from '../support/mailbox.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Issue 28: a workshop keeps two addresses, ships an order to the second by express (the server's
 * price by weight band), pays; the order, its invoice and its e-mail show the address and the
 * shipping line. An admin changes Express's rate band and the next cart is priced at the new rate.
 * 200 spark plugs (SP-2260, its minimum order: 60 g each, 12 kg, $1,880) fit Express's 30 kg band.
 */
const EXPIRY = `12/${String(new Date().getUTCFullYear() + 2).slice(-2)}`;

async function checkPage(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of SCREEN_WIDTHS) {
    await setScreenWidth(page, width);
    await ready();
    await expectNoSeriousA11yViolations(page, testInfo, `${name} at ${width} px`);
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await saveScreenshot(page, `shipping/${name}`, width);
  }
  await setScreenWidth(page, 1280);
}

async function addAddress(page: Page, values: Record<string, string>) {
  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(form).toBeHidden();
}

async function fillCart(page: Page) {
  await page.goto('/cart');
  await page.getByLabel(/Paste lines of/).fill('SP-2260, 200');
  await page.getByRole('button', { name: 'Add lines to cart' }).click();
  await expect(page.getByRole('region', { name: 'Quick order result' })).toContainText('Added 1 line');
}

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('two addresses, express to the second, paid: order, invoice and e-mail show both; a new rate prices the next cart', async ({
  page,
  customer,
  pageFor,
}, testInfo) => {
  // Two people, a payment, an invoice, an e-mail and axe at two widths on two pages.
  testInfo.setTimeout(testInfo.timeout * 3);
  await page.goto('/dashboard/my-profile');
  await expect(page.getByText('No addresses yet.')).toBeVisible();

  // A postal code that is not one for the country is refused at its field.
  await page.getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Full name').fill('Sam Workshop');
  await form.getByLabel('Street and number').fill('1 Gear St');
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('Postal code').fill('ABC');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(form.getByLabel('Postal code')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Postal code is not valid for United States of America')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await addAddress(page, {
    'Full name': 'Sam Workshop',
    'Company (optional)': 'Acme Garage',
    'Street and number': '1 Gear St',
    City: 'Springfield',
    'State or region (optional)': 'IL',
    'Postal code': '62704',
    'Phone (optional)': '+1 555 0101',
    'Label (optional)': 'Garage',
  });
  await addAddress(page, {
    'Full name': 'Sam Workshop',
    'Company (optional)': 'Acme Office',
    'Street and number': '400 Ledger Ave',
    'Unit, floor (optional)': 'Suite 12',
    City: 'Chicago',
    'State or region (optional)': 'IL',
    'Postal code': '60601-1234',
    'Phone (optional)': '+1 555 0102',
    'Label (optional)': 'Office',
  });
  const book = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');
  await expect(book).toHaveCount(2);
  await expect(book.first()).toContainText('Default shipping');
  await checkPage(page, testInfo, 'address-book', () => expect(book.nth(1)).toContainText('400 Ledger Ave'));

  await fillCart(page);
  await page.getByRole('radio', { name: /^Office/ }).check();
  const express = page.getByRole('radio', { name: /Express \(US\)/ });
  await expect(express).toBeVisible();
  // $1,880 of goods: Standard is free; International does not serve the US.
  await expect(page.getByRole('radio', { name: /Standard \(US\).*Free/ })).toBeVisible();
  await expect(page.getByText(/^International: This method does not ship to US/)).toBeVisible();
  await express.check();
  await expect(express.locator('xpath=ancestor::label')).toContainText('$59.99');
  await expect(page.getByTestId('order-total')).toHaveText('$1,939.99');
  await checkPage(page, testInfo, 'cart-delivery', () => expect(express).toBeChecked());

  await page.getByRole('button', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Please pay: $1,939.99')).toBeVisible();
  await expect(page.getByText('Express (US), 12 kg: $59.99')).toBeVisible();
  const pay = page.getByRole('form', { name: 'Card details (test mode)' });
  await pay.getByLabel('Card number').fill(TEST_CARDS.visa);
  await pay.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Your Payment is completed')).toBeVisible();

  await page.goto('/dashboard/my-orders');
  const card = page.getByRole('listitem').filter({ hasText: 'Express (US), 12 kg: $59.99' });
  await expect(card).toContainText('400 Ledger Ave');
  await expect(card).toContainText('Chicago IL 60601-1234');
  await expect(card).toContainText('$1,939.99');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Download invoice/ }).click();
  const invoice = await pdfText(await (await download).path());
  // The invoice's table (PRODUCT.md §22) has the shipping line as a line of its own.
  expect(invoice).toContain('Shipping: Express (US)');
  expect(invoice).toContain('$59.99');
  expect(invoice).toContain('400 Ledger Ave');
  const mail = await newestMail(customer.email, /order received/);
  expect(mail.text).toContain('Shipping (Express (US), 12 kg): $59.99');
  expect(mail.text).toMatch(/Ship to: .*400 Ledger Ave/);

  // The admin raises Express's 30 kg band; the next cart is priced at it.
  const admin = await pageFor(adminAccountFor(testInfo.file), 'sign-up-or-sign-in');
  await admin.goto('/dashboard/shipping');
  await admin.getByRole('button', { name: 'Edit Express (US)' }).click();
  const edit = admin.getByRole('form', { name: 'Edit Express (US)' });
  await edit.getByLabel('Band 3: price ($)').fill('64.99');
  await edit.getByRole('button', { name: 'Save method' }).click();
  await expect(edit).toBeHidden();
  await expect(admin.getByRole('table', { name: 'Express (US) rates' })).toContainText('$64.99');

  await fillCart(page);
  await page.getByRole('radio', { name: /^Office/ }).check();
  await page.getByRole('radio', { name: /Express \(US\)/ }).check();
  await expect(page.getByTestId('order-total')).toHaveText('$1,944.99');
});
