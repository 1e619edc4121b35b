import type { Page, TestInfo } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { test } from '../support/fixtures.ts';
import { resolvePath, ROUTES, type Role, type RouteCheck } from '../support/routes.ts';
import { saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Every route, signed out and signed in as a customer and as an admin: axe-core at 390 and
 * 1280 px (serious or critical violations fail), and a full-page screenshot at each width in
 * artifacts/screenshots/<role>/<route>-<width>.png.
 */
test.describe.configure({ mode: 'parallel' });

async function checkAndPhotograph(
  page: Page,
  role: Role,
  account: Account | null,
  route: RouteCheck,
  testInfo: TestInfo,
) {
  const path = await resolvePath(route, { request: page.request, account });
  for (const width of SCREEN_WIDTHS) {
    await test.step(`${path} at ${width} px`, async () => {
      await setScreenWidth(page, width);
      await page.goto(path);
      await route.ready(page);
      await expectNoSeriousA11yViolations(page, testInfo, `${path} at ${width} px as ${role}`);
      await saveScreenshot(page, `${role}/${route.name}`, width);
    });
  }
}

for (const route of ROUTES.visitor) {
  test(`visitor: ${route.name}`, async ({ page }, testInfo) => {
    await checkAndPhotograph(page, 'visitor', null, route, testInfo);
  });
}

for (const route of ROUTES.customer) {
  test(`customer: ${route.name}`, async ({ page, customer }, testInfo) => {
    await checkAndPhotograph(page, 'customer', customer, route, testInfo);
  });
}

for (const route of ROUTES.admin) {
  test(`admin: ${route.name}`, async ({ page, admin }, testInfo) => {
    await checkAndPhotograph(page, 'admin', admin, route, testInfo);
  });
}
