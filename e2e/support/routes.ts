import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { Part } from '@torque/contract';
import { addPart, call, expectStatus, placeOrder } from '@torque/testkit';
import { adminAccountFor, newAccount, type Account } from './accounts.ts';
import { api, apiUser, e2ePart, listParts, payOrder } from './api.ts';
import { signUpInBrowser, signUpOrSignIn } from './identity.ts';
import { PHONE_WIDTH, type ScreenWidth } from './screenshots.ts';

export type Role = 'visitor' | 'customer' | 'admin';

/** What a path that depends on data is worked out from: the page's API access, and who is signed in. */
export interface RouteContext {
  request: APIRequestContext;
  account: Account | null;
  /** The spec file, whose admin (ADMIN_EMAILS has one per spec) can arrange what a route needs. */
  specFile: string;
}

export interface RouteCheck {
  /** Names its screenshots (`<role>/<name>-<width>.png`) and its test. */
  name: string;
  /**
   * The path, or how to find it through the API: a real part's id, or (e.g. for
   * /checkout/{id}) an order placed for `account` with support/api.ts. Several paths: each is
   * checked in turn (every purchase page).
   */
  path: string | ((context: RouteContext) => Promise<string | string[]>);
  /** Resolves once the page shows what a user came for: data loaded, no spinner left. */
  ready: (page: Page) => Promise<void>;
  /** The widths it is checked at, when not every one of SCREEN_WIDTHS. */
  widths?: readonly ScreenWidth[];
}

/**
 * Every route of PRODUCT.md §2, by who opens it. The accessibility spec checks and photographs
 * each one; a new route is one line here.
 */
export const ROUTES: Record<Role, RouteCheck[]> = {
  visitor: [
    { name: 'home', path: '/', ready: landingReady },
    { name: 'parts', path: '/parts', ready: catalogueReady },
    { name: 'parts-search', path: '/parts?q=brake&sort=price-asc&inStock=true', ready: catalogueReady },
    {
      // The catalogue for a vehicle: its heading, the fit verdicts on the cards (the demo fitment).
      name: 'parts-vehicle',
      path: '/parts?make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI',
      ready: async (page) => {
        await expect(
          page.getByRole('heading', { level: 1, name: 'Parts for your 2016 Volkswagen Golf 1.4 TSI' }),
        ).toBeVisible();
        await expect(page.getByText('Fits your vehicle').first()).toBeVisible();
      },
    },
    {
      // A search by a vehicle maker's number (the demo catalogue's): the card says which number matched.
      name: 'parts-number-search',
      path: '/parts?q=1K0+698+151',
      ready: async (page) => {
        await catalogueReady(page);
        await expect(page.getByText('OE 1K0 698 151 (Volkswagen)').first()).toBeVisible();
      },
    },
    {
      // A link by a number no part has: the way on to the catalogue's search.
      name: 'part-number-unknown',
      path: '/parts/number/ZZ-0000-404',
      ready: async (page) => {
        await headingReady('Part number ZZ-0000-404')(page);
        await expect(page.getByRole('link', { name: 'Search the catalogue for ZZ-0000-404' })).toBeVisible();
      },
    },
    { name: 'login', path: '/login', ready: headingReady('Login') },
    { name: 'signup', path: '/signup', ready: headingReady('Sign Up') },
    { name: 'forgot-password', path: '/forgot-password', ready: headingReady('Forgot password') },
    {
      name: 'reset-password',
      path: '/reset-password?token=not-a-real-token',
      ready: headingReady('Reset password'),
    },
    { name: 'blogs', path: '/blogs', ready: headingReady('Blogs') },
    { name: 'my-portfolio', path: '/my-portfolio', ready: headingReady('Jordan Avery') },
    { name: 'not-found', path: '/no-such-page', ready: headingReady('Page not found') },
    { name: 'cart', path: '/cart', ready: headingReady('Cart') },
    {
      // Issue 30: a company invitation's link, signed out: it offers signing up or in.
      name: 'invitation-accept',
      path: '/invitations/accept?token=not-a-real-token',
      ready: headingReady('Company invitation'),
    },
  ],
  customer: [
    { name: 'dashboard', path: '/dashboard', ready: dashboardReady },
    { name: 'cart', path: '/cart', ready: headingReady('Cart') },
    { name: 'dashboard-my-orders', path: '/dashboard/my-orders', ready: dashboardReady },
    { name: 'dashboard-my-profile', path: '/dashboard/my-profile', ready: dashboardReady },
    { name: 'dashboard-add-review', path: '/dashboard/add-review', ready: dashboardReady },
    { name: 'purchase', path: async ({ request }) => `/purchase/${(await firstPart(request))._id}`, ready: settled },
    {
      // Every part of the seeded catalogue, and one with the longest fitment a part can have:
      // none may be wider than a phone (issue 31: 11 of 12 were, pushed by their fitment tables).
      name: 'purchase-every-part',
      path: async (context) => [
        ...seededPartIds().map((id) => `/purchase/${id}`),
        `/purchase/${(await longestFitmentPart(context.specFile))._id}`,
      ],
      ready: async (page) => {
        await expect(page.getByRole('heading', { level: 2, name: 'Fitment' })).toBeVisible();
        await settled(page);
      },
      widths: [PHONE_WIDTH],
    },
    {
      // The demo catalogue's discontinued part: "Replaced by BP-4471" and the call to order it.
      name: 'purchase-replaced',
      path: async ({ request }) => `/purchase/${(await partNumbered(request, 'BP-4470'))._id}`,
      ready: async (page) => {
        await expect(page.getByRole('region', { name: /^Replaced by / })).toBeVisible();
        await settled(page);
      },
    },
    {
      name: 'checkout',
      path: async (context) => `/checkout/${(await orderFor(context))._id}`,
      ready: headingReady('Checkout'),
    },
    {
      // Issue 29: a tax number of no EU state (an EIN) is kept, never checked, and the badge says so.
      name: 'dashboard-my-profile-tax-id',
      path: async ({ request, account }) => {
        if (!account) throw new Error('a tax number needs a signed-in account');
        const user = await apiUser(request, account.email);
        const saved = await call(api(request), 'PUT', '/api/tax-id', {
          token: user.token,
          body: { taxId: '12-3456789' },
        });
        expectStatus(saved, 200, 'PUT /api/tax-id');
        return '/dashboard/my-profile';
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByTestId('tax-id-status')).toContainText('Not checked');
      },
    },
    {
      // Issue 29: a paid order the shop refunded, with its credit note to download.
      name: 'dashboard-my-orders-refunded',
      path: async (context) => {
        if (!context.account) throw new Error('an order needs a signed-in account');
        const user = await apiUser(context.request, context.account.email);
        const order = await orderFor(context);
        await payOrder(context.request, user, order._id);
        await refundAsAdmin(context.specFile, order._id);
        return '/dashboard/my-orders';
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('button', { name: /^Download credit note CN-/ })).toBeVisible();
      },
    },
    {
      name: 'dashboard-my-orders-with-order',
      path: async (context) => {
        await orderFor(context);
        return '/dashboard/my-orders';
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('link', { name: /^Pay for / }).first()).toBeVisible();
      },
    },
    {
      // Issue 30: "My company" of an account that belongs to none.
      name: 'dashboard-company',
      path: '/dashboard/company',
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByText('You do not belong to a company.')).toBeVisible();
      },
    },
  ],
  admin: [
    { name: 'dashboard', path: '/dashboard', ready: dashboardReady },
    { name: 'dashboard-overview', path: '/dashboard/overview', ready: overviewReady },
    { name: 'dashboard-my-profile', path: '/dashboard/my-profile', ready: dashboardReady },
    {
      // With a customer in the list, so its row's Make Admin and Delete user buttons are checked.
      name: 'dashboard-user',
      path: async () => {
        await customerWithOrders({ paid: 0, unpaid: 0 });
        return '/dashboard/user';
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('table').getByText('Make Admin').first()).toBeVisible();
      },
    },
    {
      // Issue 29: the tax-exemption dialog of a customer with a certificate, its number cleared and
      // saved, so the field's error is checked too.
      name: 'dashboard-user-tax-exemption',
      path: async ({ request, account }) => {
        if (!account) throw new Error('an exemption is recorded by a signed-in admin');
        const { account: buyer } = await customerWithOrders({ paid: 0, unpaid: 0 });
        const admin = await apiUser(request, account.email);
        const recorded = await call(api(request), 'PUT', `/api/tax-exemptions/${encodeURIComponent(buyer.email)}`, {
          token: admin.token,
          body: { certificate: 'RESALE-CA-0042', expiresOn: '2099-12-31' },
        });
        expectStatus(recorded, 200, 'PUT /api/tax-exemptions/:email');
        return `/dashboard/user?${new URLSearchParams({ q: buyer.email })}`;
      },
      ready: async (page) => {
        await dashboardReady(page);
        await page.getByRole('button', { name: /^Tax exemption, / }).click();
        const dialog = page.getByRole('dialog', { name: 'Tax exemption' });
        await expect(dialog.getByTestId('tax-exemption-current')).toContainText('RESALE-CA-0042');
        await dialog.getByLabel('Certificate number').fill('');
        await dialog.getByRole('button', { name: 'Save certificate' }).click();
        await expect(dialog.getByLabel('Certificate number')).toHaveAttribute('aria-invalid', 'true');
        await settled(page);
      },
    },
    { name: 'dashboard-add-product', path: '/dashboard/add-product', ready: dashboardReady },
    {
      // With a paid and an unpaid order, so both Ship Now and Cancel are checked enabled.
      name: 'dashboard-manage-all-orders',
      path: async () => {
        await customerWithOrders({ paid: 1, unpaid: 1 });
        return '/dashboard/manage-all-orders';
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('table').getByText('Ship Now').first()).toBeVisible();
      },
    },
    {
      // Issue 29: a customer's two paid orders, one refunded (its credit note in the table), and the
      // Refund dialog open on the other.
      name: 'dashboard-manage-all-orders-refund',
      path: async ({ specFile }) => {
        const { account, orderIds } = await customerWithOrders({ paid: 2, unpaid: 0 });
        await refundAsAdmin(specFile, orderIds[0]!);
        return `/dashboard/manage-all-orders?${new URLSearchParams({ q: account.email })}`;
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('button', { name: /^Download credit note CN-/ })).toBeVisible();
        await page.getByRole('button', { name: /^Refund order / }).click();
        await expect(page.getByRole('dialog', { name: 'Refund this order?' })).toBeVisible();
      },
    },
    { name: 'dashboard-manage-products', path: '/dashboard/manage-products', ready: dashboardReady },
    {
      name: 'dashboard-cross-references',
      path: '/dashboard/manage-products/cross-references',
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByLabel('CSV file')).toBeVisible();
      },
    },
    {
      name: 'dashboard-edit-product',
      path: async ({ request }) => `/dashboard/manage-products/${(await firstPart(request))._id}/edit`,
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('form', { name: 'Edit product' })).toBeVisible();
      },
    },
    {
      // Issue 30 (§25): the price lists (or their empty state) and the list form.
      name: 'dashboard-price-lists',
      path: '/dashboard/price-lists',
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('form', { name: 'Add a price list' })).toBeVisible();
        await settled(page);
      },
    },
    {
      // Issue 29: the rates table (or its empty state), the rate form and the report.
      name: 'dashboard-tax',
      path: '/dashboard/tax',
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('form', { name: 'Add a rate' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Tax report' })).toBeVisible();
        await settled(page);
      },
    },
    {
      // The shipping methods (issue 28): the demo's three, each with its rate table.
      name: 'dashboard-shipping',
      path: '/dashboard/shipping',
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('list', { name: 'Shipping methods' })).toBeVisible();
      },
    },
    {
      // With an open message, so its Mark handled button is checked.
      name: 'dashboard-messages',
      path: async ({ request }) => {
        const sent = await request.post('/api/contact', {
          data: { email: 'axe@example.com', subject: 'Route check', message: 'A message for the accessibility check.' },
        });
        expect(sent.status()).toBe(201);
        return '/dashboard/messages';
      },
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('button', { name: 'Mark handled' }).first()).toBeVisible();
      },
    },
    {
      // Issue 30: the shop admin's companies and the create form.
      name: 'dashboard-companies',
      path: '/dashboard/companies',
      ready: async (page) => {
        await dashboardReady(page);
        await expect(page.getByRole('form', { name: 'Create a company' })).toBeVisible();
      },
    },
  ],
};

export async function resolvePaths(route: RouteCheck, context: RouteContext): Promise<string[]> {
  const paths = typeof route.path === 'string' ? route.path : await route.path(context);
  return typeof paths === 'string' ? [paths] : paths;
}

/** No spinner (they are `role=status`) and no section still marked busy. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

function headingReady(name: string) {
  return async (page: Page) => {
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await settled(page);
  };
}

/** The landing page with its parts, partners and reviews loaded, and the contact form (fetched when near). */
export async function landingReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Parts that keep every engine turning' })).toBeVisible();
  await expect(page.locator('#parts article')).toHaveCount(3);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
}

/** The catalogue with its first page of cards (or its "No parts match") and the count shown. */
export async function catalogueReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Parts catalogue' })).toBeVisible();
  await expect(page.getByText(/^\d[\d,]* parts?$/)).toBeVisible();
  await settled(page);
}

/** The dashboard layout with its menu for this user's role (the menu is a closed drawer on phones). */
export async function dashboardReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard', includeHidden: true });
  await expect(menu.getByRole('link', { name: 'My Profile', includeHidden: true })).toBeAttached();
  await settled(page);
}

/** The admin overview with its figures and its charts drawn. */
export async function overviewReady(page: Page): Promise<void> {
  await dashboardReady(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('daily-chart')).toBeVisible();
}

/** An unpaid order of the signed-in account, for the first part at its minimum order. */
async function orderFor({ request, account }: RouteContext) {
  if (!account) throw new Error('an order needs a signed-in account');
  const part = await firstPart(request);
  return placeOrder(api(request), await apiUser(request, account.email), part._id, part.minimunOrder);
}

/**
 * A new customer with `paid` paid and `unpaid` unpaid orders, made in a request context of its
 * own (the page stays signed in as whoever opens the route).
 */
async function customerWithOrders({
  paid,
  unpaid,
}: {
  paid: number;
  unpaid: number;
}): Promise<{ account: Account; orderIds: string[] }> {
  const account = newAccount('customer');
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    await signUpInBrowser(request, account);
    const orderIds: string[] = [];
    if (paid + unpaid === 0) return { account, orderIds };
    const user = await apiUser(request, account.email);
    const part = await firstPart(request);
    for (let i = 0; i < paid + unpaid; i++) {
      const order = await placeOrder(api(request), user, part._id, part.minimunOrder);
      if (i < paid) await payOrder(request, user, order._id);
      orderIds.push(order._id);
    }
    return { account, orderIds };
  } finally {
    await request.dispose();
  }
}

/** The spec's admin refunds a paid order (issue 29: its credit note is issued), in a request context of its own. */
async function refundAsAdmin(specFile: string, orderId: string): Promise<void> {
  const admin = adminAccountFor(specFile);
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    await signUpOrSignIn(request, admin);
    const user = await apiUser(request, admin.email);
    expectStatus(
      await call(api(request), 'POST', `/api/order/${orderId}/refund`, { token: user.token }),
      200,
      'POST /api/order/:id/refund',
    );
  } finally {
    await request.dispose();
  }
}

/** The seeded catalogue's part ids, read by the global setup before any spec ran. */
function seededPartIds(): string[] {
  const ids = (process.env.E2E_SEEDED_PART_IDS ?? '').split(',').filter(Boolean);
  if (ids.length === 0) throw new Error('E2E_SEEDED_PART_IDS is empty: support/global-setup.ts sets it');
  return ids;
}

/** A note, make, model and engine as long as the contract allows (200 and 60 characters). */
const LONGEST = {
  note: 'Front axle only, not with the sport brake package or ceramic discs: check the PR code on the service plate (1LJ, 1ZA or 1ZK) before ordering; electronic parking brake models need the diagnostic tool',
  make: 'Mercedes-Benz Commercial Vehicles and Light Trucks Division',
  model: 'Sprinter 3500 Extended-Wheelbase High-Roof Crew Cab Chassis',
  engine: 'OM651 DE22LA 2.1 CDI BlueEFFICIENCY 163 hp with AdBlue SCR',
};

/** A part (made by the spec's admin) whose fitment rows carry the longest note, make, model and engine. */
async function longestFitmentPart(specFile: string) {
  const admin = adminAccountFor(specFile);
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    await signUpOrSignIn(request, admin);
    const user = await apiUser(request, admin.email);
    return await addPart(
      api(request),
      user,
      e2ePart({
        fitment: [
          {
            make: LONGEST.make,
            model: LONGEST.model,
            yearFrom: 2006,
            yearTo: 2026,
            engine: LONGEST.engine,
            note: LONGEST.note,
          },
          { make: 'Volkswagen', model: 'Golf', yearFrom: 2013, yearTo: 2020, engine: '2.0 TDI', note: LONGEST.note },
        ],
      }),
    );
  } finally {
    await request.dispose();
  }
}

/** The part whose own number is `number` (the catalogue's search finds it by number). */
async function partNumbered(request: APIRequestContext, number: string) {
  const response = await request.get(`/api/parts?${new URLSearchParams({ q: number, limit: '10' })}`);
  expect(response.status()).toBe(200);
  const part = ((await response.json()) as Part[]).find((p) => p.partNumber === number);
  if (!part) throw new Error(`no part numbered ${number}: the seeded demo parts are missing`);
  return part;
}

async function firstPart(request: APIRequestContext) {
  const [part] = await listParts(request);
  if (!part) throw new Error('the catalogue is empty: the seeded demo parts are missing');
  return part;
}
