import type { Page, TestInfo } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { test } from '../support/fixtures.ts';
import { expectNoSidewaysScroll } from '../support/page-width.ts';
import { resolvePaths, ROUTES, type Role, type RouteCheck } from '../support/routes.ts';
import { PHONE_WIDTH, saveScreenshot, SCREEN_WIDTHS, setScreenWidth } from '../support/screenshots.ts';

/**
 * Every route, signed out and signed in as a customer and as an admin: axe-core at 390 and
 * 1280 px (serious or critical violations fail), at 390 px no sideways scroll of the document,
 * and a full-page screenshot at each width in artifacts/screenshots/<role>/<route>-<width>.png
 * (a route of several paths: <route>-<n>-<width>.png).
 */
test.describe.configure({ mode: 'parallel' });

async function checkAndPhotograph(
  page: Page,
  role: Role,
  account: Account | null,
  route: RouteCheck,
  testInfo: TestInfo,
) {
  const paths = await resolvePaths(route, { request: page.request, account, specFile: testInfo.file });
  const widths = route.widths ?? SCREEN_WIDTHS;
  // A route of many paths (every purchase page) gets the time of one route per path.
  testInfo.setTimeout(testInfo.timeout * Math.max(1, (paths.length * widths.length) / SCREEN_WIDTHS.length));
  for (const [index, path] of paths.entries()) {
    const name = paths.length === 1 ? route.name : `${route.name}-${index + 1}`;
    for (const width of widths) {
      await test.step(`${path} at ${width} px`, async () => {
        const label = `${path} at ${width} px as ${role}`;
        await setScreenWidth(page, width);
        await page.goto(path);
        await route.ready(page);
        await expectNoSeriousA11yViolations(page, testInfo, label);
        if (width === PHONE_WIDTH) await expectNoSidewaysScroll(page, label);
        await saveScreenshot(page, `${role}/${name}`, width);
      });
    }
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
