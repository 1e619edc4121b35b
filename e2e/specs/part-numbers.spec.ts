import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { addPart } from '@torque/testkit';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { api, apiUser, e2ePart, listOwnOrders } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { settled } from '../support/routes.ts';
import { PHONE_WIDTH, saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Journey (issue 26): a customer types a vehicle maker's (OE) number into the catalogue's search
 * and finds our part first, saying which number matched; opens a discontinued part, reads
 * "Replaced by …" and orders the successor instead; and follows a link by the old number to the
 * successor. The OE number is the demo catalogue's (Volkswagen 1K0 698 151 on the ceramic brake
 * pads); the discontinued part and its successor are this test's own (random numbers), so no
 * other spec moves their stock.
 */

const OE_NUMBER = '1K0 698 151';

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardNamed = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

/** axe-core and, at 390 px, no sideways scroll, at both widths, with a screenshot of each. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  for (const width of SCREEN_WIDTHS) {
    await setScreenWidth(page, width);
    await settled(page);
    const label = `${name} at ${width} px`;
    await expectNoSeriousA11yViolations(page, testInfo, label);
    if (width === PHONE_WIDTH) await expectNoSidewaysScroll(page, label);
    await saveScreenshot(page, `part-numbers/${name}`, width);
  }
  await setScreenWidth(page, 1280);
}

test('an OE number typed into the search finds our part first and says which number matched', async ({
  page,
}, testInfo) => {
  await page.goto('/parts');
  await page.getByLabel('Search parts').fill(OE_NUMBER);
  await expect(page).toHaveURL(`/parts?${new URLSearchParams({ q: OE_NUMBER })}`);
  const first = cards(page).first();
  await expect(first.getByText(`OE ${OE_NUMBER} (Volkswagen)`)).toBeVisible();
  await expect(first).toContainText(`Found by OE ${OE_NUMBER} (Volkswagen)`);
  await expect(first.getByText('Part number')).toBeVisible();

  // Another spelling of the same number finds the same part.
  await page.getByLabel('Search parts').fill('1k0-698151');
  await expect(page).toHaveURL(`/parts?q=1k0-698151`);
  await expect(cards(page).first().getByText(`OE ${OE_NUMBER} (Volkswagen)`)).toBeVisible();
  await checkPage(page, testInfo, 'search-oe');
});

test('a discontinued part says "Replaced by …" and the customer orders the successor', async ({
  page,
  customer,
  adminApi,
}, testInfo) => {
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const admin = api(adminApi.request);
  const successor = await addPart(
    admin,
    adminApi.user,
    e2ePart({
      partNumber: `E2E-${suffix}-2`,
      minimunOrder: 3,
      available: 30,
      crossReferences: [{ kind: 'replaces', brand: 'Torque Parts', number: `E2E-${suffix}-1` }],
    }),
  );
  const old = await addPart(
    admin,
    adminApi.user,
    e2ePart({ partNumber: `E2E-${suffix}-1`, brand: 'Ferodo', replacedBy: successor.partNumber }),
  );
  expect(old.replacedBy).toEqual({ _id: successor._id, partNumber: successor.partNumber });

  // The search by the old number: its card highlights the number and says it is replaced.
  await page.goto(`/parts?${new URLSearchParams({ q: old.partNumber })}`);
  const oldCard = cardNamed(page, old.name);
  await expect(oldCard.locator('mark', { hasText: old.partNumber })).toBeVisible();
  await expect(oldCard.getByText(`Replaced by ${successor.partNumber}`)).toBeVisible();
  await expect(cardNamed(page, successor.name).getByText(`Replaces ${old.partNumber}`)).toBeVisible();

  await oldCard.getByRole('link', { name: `Purchase ${old.name}` }).click();
  const notice = page.getByRole('region', { name: `Replaced by ${successor.partNumber}` });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Part number', { exact: true }).locator('+ dd')).toHaveText(`${old.partNumber} (Ferodo)`);
  await checkPage(page, testInfo, 'purchase-replaced');

  await notice.getByRole('link', { name: `Order ${successor.partNumber} instead` }).click();
  await expect(page).toHaveURL(`/purchase/${successor._id}`);
  await expect(page.getByRole('heading', { name: successor.name })).toBeVisible();
  await expect(page.getByLabel('Quantity'), "the successor's own minimum order").toHaveValue('3');
  await page.getByLabel('Phone').fill('+1 555 0126');
  await page.getByLabel('Address').fill('26 Supersession Street, Wolfsburg');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Order Successful')).toBeVisible();

  const [order, ...others] = await listOwnOrders(page.request, await apiUser(page.request, customer.email));
  expect(others).toEqual([]);
  expect(order).toMatchObject({ partId: successor._id, partNumber: successor.partNumber, quantity: 3 });

  // My Orders names the number ordered.
  await page.goto('/dashboard/my-orders');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: successor.name }) });
  await expect(card.getByText(successor.partNumber)).toBeVisible();

  // A link by the old number leads to the successor, saying which number it replaces.
  await page.goto(`/parts/number/${encodeURIComponent(old.partNumber.toLowerCase())}`);
  await expect(page).toHaveURL(new RegExp(`/purchase/${successor._id}\\?asked=`));
  await expect(page.getByText(`${old.partNumber} has been replaced by ${successor.partNumber}.`)).toBeVisible();
});

test('an admin numbers a product in the form and imports cross-references from a CSV, checked first', async ({
  page,
  admin,
}, testInfo) => {
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const number = `E2E-${suffix}-9`;
  const name = `Numbered Hose ${suffix}`;
  await page.goto('/dashboard/add-product');
  await expect(page.getByRole('banner').getByText(admin.name)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Silicone turbo hose with its numbers.');
  await page.getByLabel('Minimun Quantity').fill('2');
  await page.getByLabel('Available Quantity').fill('20');
  await page.getByLabel('Price').fill('9.50');
  await page.getByLabel('Image Link').fill('/images/parts/timing-belt-kit.svg');
  await page.getByLabel('Weight (g)').fill('850');
  await page.getByLabel('Part number').fill(number);
  await page.getByLabel('Brand', { exact: true }).fill('Gates');
  await page.getByRole('button', { name: 'Add reference' }).click();
  const row = page.getByRole('group', { name: 'Reference 1' });
  await row.getByLabel('Kind').selectOption('competitor');
  await row.getByLabel('Brand').fill('Contitech');
  await row.getByLabel('Number', { exact: true }).fill(`CT-${suffix}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('item added')).toBeVisible();

  // The same number again: the server's 409 shows under the field.
  await page.getByLabel('Name', { exact: true }).fill(`${name} copy`);
  await page.getByLabel('Description').fill('A second part with a taken number.');
  await page.getByLabel('Minimun Quantity').fill('2');
  await page.getByLabel('Available Quantity').fill('20');
  await page.getByLabel('Price').fill('9.50');
  await page.getByLabel('Image Link').fill('/images/parts/timing-belt-kit.svg');
  await page.getByLabel('Weight (g)').fill('850');
  await page.getByLabel('Part number').fill(number.toLowerCase());
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByLabel('Part number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`Another part already has the number ${number.toLowerCase()}`)).toBeVisible();

  await page.goto('/dashboard/manage-products');
  await page.getByRole('link', { name: 'Import cross-references' }).click();
  const file = (lines: string[]) => ({
    name: 'references.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['partNumber,kind,brand,number', ...lines].join('\n')),
  });
  await page
    .getByLabel('CSV file')
    .setInputFiles(file([`${number},oe,Audi,8E0-${suffix}`, `NO-SUCH-${suffix},oe,Audi,8E0-X${suffix}`]));
  await page.getByRole('button', { name: 'Check file' }).click();
  const refused = page.getByRole('table', { name: 'Refused lines' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('row').nth(1)).toHaveText(`3No part with number NO-SUCH-${suffix}`);
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  await checkPage(page, testInfo, 'import-refused');

  await page.getByLabel('CSV file').setInputFiles(file([`${number},oe,Audi,8E0-${suffix}`]));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('1 line ready to import')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(/cross-references imported from references\.csv/)).toBeVisible();

  // The search finds the product by the imported OE number.
  await page.goto(`/parts?${new URLSearchParams({ q: `8E0-${suffix}` })}`);
  await expect(cardNamed(page, name).getByText(`OE 8E0-${suffix} (Audi)`)).toBeVisible();
  await expect(cardNamed(page, name).getByText(`${number} (Gates)`)).toBeVisible();
});
