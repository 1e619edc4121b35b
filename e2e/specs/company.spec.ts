import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { call } from '@torque/testkit';
import { adminAccountFor, newAccount } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { api, apiUser, e2ePart, listOwnOrders } from '../support/api.ts';
import { submitSignup } from '../support/auth-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { newestMail } from '../support/mailbox.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Issue 30: a shop admin makes a company and its admin (through the API); the company admin
 * invites a buyer on "My company"; the buyer signs up through the e-mailed link, comes back to
 * it, accepts, and both see the company. Then, with a price list and Net 30 terms the shop admin
 * gave the company, the buyer sees "Your price" on /parts, buys 100 units at the tier price less
 * the list's 5 % on account with a PO number, and both see the order. Axe at 390 and 1280 px on
 * every new page.
 */
async function checkPage(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>) {
  for (const width of SCREEN_WIDTHS) {
    await setScreenWidth(page, width);
    await ready();
    await expectNoSeriousA11yViolations(page, testInfo, `${name} at ${width} px`);
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await saveScreenshot(page, `company/${name}`, width);
  }
  await setScreenWidth(page, 1280);
}

test('a company admin invites a buyer, who signs up through the link and accepts; both see the company', async ({
  page,
  customer,
  adminApi,
  pageFor,
  browser,
  baseURL,
}, testInfo) => {
  // Three people, an e-mail and axe at two widths on four pages.
  testInfo.setTimeout(testInfo.timeout * 3);
  const name = `Fleet ${Date.now().toString(36)}`;
  const bearer = { authorization: `Bearer ${adminApi.user.token}` };
  const created = await adminApi.request.post('/api/companies', {
    headers: bearer,
    data: { name, taxId: 'FR40303265045' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { _id: string })._id;
  const attached = await adminApi.request.put(`/api/companies/${companyId}/members/${customer.email}`, {
    headers: bearer,
    data: { role: 'admin' },
  });
  expect(attached.status(), await attached.text()).toBe(200);

  // The company admin's page: the company, its one member, the invitation form.
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(2);
  await checkPage(page, testInfo, 'my-company-admin', () =>
    expect(page.getByRole('form', { name: 'Invite a buyer' })).toBeVisible(),
  );

  const buyer = newAccount('buyer');
  const invite = page.getByRole('form', { name: 'Invite a buyer' });
  await invite.getByLabel('E-mail').fill('not-an-email');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Must be a valid email')).toBeVisible();
  await invite.getByLabel('E-mail').fill(buyer.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${buyer.email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(buyer.email);

  const mail = await newestMail(buyer.email, /invites you/);
  const link = /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).search;

  // The buyer, signed out, opens the link, signs up from it and comes back to accept.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  try {
    const visitor = await context.newPage();
    await visitor.goto(path);
    await checkPage(visitor, testInfo, 'invitation-signed-out', () =>
      expect(visitor.getByRole('link', { name: 'Sign up' })).toBeVisible(),
    );
    await visitor.getByRole('link', { name: 'Sign up' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await submitSignup(visitor, buyer);
    await expect(visitor).toHaveURL(/\/invitations\/accept\?token=/);
    const accept = visitor.getByRole('button', { name: 'Accept invitation' });
    await checkPage(visitor, testInfo, 'invitation-signed-in', () => expect(accept).toBeVisible());
    await accept.click();
    await expect(visitor.getByRole('status').filter({ hasText: 'You joined' })).toContainText(
      `You joined ${name} as a buyer.`,
    );
    await checkPage(visitor, testInfo, 'invitation-accepted', () =>
      expect(visitor.getByRole('link', { name: 'Go to My company' })).toBeVisible(),
    );
    await visitor.getByRole('link', { name: 'Go to My company' }).click();
    await expect(visitor.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(visitor.getByRole('table', { name: 'Members' })).toContainText(customer.email);
    await expect(visitor.getByRole('form', { name: 'Invite a buyer' })).toHaveCount(0);
    await checkPage(visitor, testInfo, 'my-company-buyer', () =>
      expect(visitor.getByRole('table', { name: 'Members' })).toContainText(buyer.email),
    );
    await buysOnAccount(visitor, testInfo, buyer.email, companyId, adminApi);
  } finally {
    await context.close();
  }

  // The company admin sees the new buyer; the link does not work twice.
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(buyer.email) }),
  ).toContainText('Buyer');
  await expect(page.getByRole('region', { name: 'Pending invitations' })).not.toContainText(buyer.email);
  // ... and the order the buyer placed for the company, with its PO number.
  await expect(page.getByText(new RegExp(PO_NUMBER)).first()).toBeVisible();

  // The shop admin's Companies page lists it with both members.
  const shop = await pageFor(adminAccountFor(testInfo.file));
  await shop.goto('/dashboard/companies');
  const card = shop.getByRole('article', { name });
  await expect(card.getByRole('table', { name: `Members of ${name}` }).getByRole('row')).toHaveCount(3);
  await checkPage(shop, testInfo, 'companies', () => expect(card).toBeVisible());
});

const PO_NUMBER = 'PO-30-100';

/**
 * The buyer's purchase: a part at $9.40 with a break of $8.90 from 100 units, a price list of
 * 5 % off for the company and Net 30 terms (the shop admin's, through the API). 100 units cost
 * 5 % off $8.90 = $8.455, half-up $8.46 a unit: $846.00, on account with a PO number.
 */
async function buysOnAccount(
  buyerPage: Page,
  testInfo: TestInfo,
  email: string,
  companyId: string,
  adminApi: { request: Parameters<typeof api>[0]; user: { token: string } },
) {
  const admin = api(adminApi.request);
  const token = adminApi.user.token;
  const word = `Fleetpad${randomBytes(3).toString('hex')}`;
  const part = await call<{ _id: string }>(admin, 'POST', '/api/parts', {
    token,
    body: e2ePart({
      name: `${word} Brake Pad Set`,
      price: 9.4,
      available: 1000,
      minimunOrder: 1,
      priceBreaks: [{ minQuantity: 100, price: 8.9 }],
    }),
  });
  expect(part.status, JSON.stringify(part.body)).toBe(201);
  const list = await call(admin, 'POST', '/api/price-lists', {
    token,
    body: { name: `${word} list`, companyIds: [companyId], percentOff: 5 },
  });
  expect(list.status, JSON.stringify(list.body)).toBe(201);
  const terms = await call(admin, 'PUT', `/api/companies/${companyId}/terms`, {
    token,
    body: { netDays: 30, creditLimit: 5000 },
  });
  expect(terms.status, JSON.stringify(terms.body)).toBe(200);
  const self = await apiUser(buyerPage.request, email);
  const address = await call(api(buyerPage.request), 'POST', '/api/addresses', {
    token: self.token,
    body: {
      name: 'Sam Fleet',
      line1: '1 Depot Rd',
      postalCode: '62704',
      city: 'Springfield',
      country: 'US',
      phone: '555-0100',
    },
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);

  // The catalogue: "Your price" ($9.40 less 5 % = $8.93) beside the struck-through list price.
  await buyerPage.goto('/parts');
  await buyerPage.getByLabel('Search parts').fill(word);
  const card = buyerPage.getByRole('article').filter({ hasText: word });
  await expect(card.getByText('Your price')).toBeVisible();
  await expect(card).toContainText('$8.93');
  await expect(card.locator('s')).toContainText('$9.40');
  await checkPage(buyerPage, testInfo, 'your-price', () => expect(card.getByText('Your price')).toBeVisible());

  // 100 units from the purchase page into the cart, then on account with a PO number.
  await buyerPage.goto(`/purchase/${part.body._id}`);
  await buyerPage.getByRole('textbox', { name: 'Quantity' }).fill('100');
  await buyerPage.getByRole('button', { name: `Add to cart: ${word} Brake Pad Set` }).click();
  await buyerPage.goto('/cart');
  await expect(buyerPage.getByText('$846.00').first()).toBeVisible();
  const onAccount = buyerPage.getByRole('radio', { name: /Pay on account/ });
  await onAccount.check();
  await buyerPage.getByLabel('PO number (optional)').fill(PO_NUMBER);
  await buyerPage.getByRole('button', { name: 'Place order on account' }).click();
  await expect(buyerPage).toHaveURL(/\/checkout\//);
  await expect(
    buyerPage.getByText(new RegExp(`On account · due \\d{4}-\\d{2}-\\d{2} · PO ${PO_NUMBER}`)),
  ).toBeVisible();
  // The order page asks for no card and shows the unit price sold at beside the struck public tier.
  await expect(buyerPage.getByText('Please pay')).toHaveCount(0);
  const unit = buyerPage.getByText('Unit price:');
  await expect(unit).toContainText('Your price$8.46');
  await expect(unit.locator('s')).toContainText('$8.90');
  await checkPage(buyerPage, testInfo, 'order-page', () => expect(unit).toBeVisible());

  // The order's line keeps the price it was sold at; the buyer's own orders list it.
  const orders = await listOwnOrders(buyerPage.request, self);
  const line = orders.flatMap((o) => o.lines).find((l) => l.partId === part.body._id);
  expect(line).toMatchObject({ quantity: 100, unitPrice: 8.46, total: 846 });
  await buyerPage.goto('/dashboard/my-orders');
  await expect(buyerPage.getByText(`PO ${PO_NUMBER}`).first()).toBeVisible();
}
