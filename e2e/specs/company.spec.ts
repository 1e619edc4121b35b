import type { Page, TestInfo } from '@playwright/test';
import { adminAccountFor, newAccount } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { submitSignup } from '../support/auth-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { newestMail } from '../support/mailbox.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Issue 30: a shop admin makes a company and its admin (through the API); the company admin
 * invites a buyer on "My company"; the buyer signs up through the e-mailed link, comes back to
 * it, accepts, and both see the company. Axe at 390 and 1280 px on every new page.
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
  } finally {
    await context.close();
  }

  // The company admin sees the new buyer; the link does not work twice.
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(buyer.email) }),
  ).toContainText('Buyer');
  await expect(page.getByRole('region', { name: 'Pending invitations' })).not.toContainText(buyer.email);

  // The shop admin's Companies page lists it with both members.
  const shop = await pageFor(adminAccountFor(testInfo.file));
  await shop.goto('/dashboard/companies');
  const card = shop.getByRole('article', { name });
  await expect(card.getByRole('table', { name: `Members of ${name}` }).getByRole('row')).toHaveCount(3);
  await checkPage(shop, testInfo, 'companies', () => expect(card).toBeVisible());
});
