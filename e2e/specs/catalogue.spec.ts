import { randomBytes } from 'node:crypto';
import type { Part } from '@torque/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { addPart } from '@torque/testkit';
import { api, e2ePart } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Journey: a visitor browses the whole catalogue at /parts (issue 14) — search (typos forgiven),
 * in-stock filter, sort, "Load more", and an address that keeps all of it (reload, back/forward,
 * a shared link). Other specs add parts while this one runs: assertions stay on the parts this
 * test made (a random word in their names) or compare with what the API answers for the same query.
 */

const PAGE_SIZE = 12;

function cards(page: Page) {
  return page.getByRole('main').getByRole('article');
}

function cardNames(page: Page) {
  return cards(page).getByRole('heading', { level: 2 }).allTextContents();
}

/** What the API answers for the same query: the names of its first page. */
async function firstPageNames(request: APIRequestContext, query: Record<string, string>): Promise<string[]> {
  const response = await request.get(`/api/parts?${new URLSearchParams({ ...query, limit: String(PAGE_SIZE) })}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Part[]).map((part) => part.name);
}

test('the home page leads to the catalogue, whose search forgives a typo', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse parts' }).click();
  await expect(page).toHaveURL('/parts');
  await expect(page).toHaveTitle('Parts · Torque Parts');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts catalogue' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();

  await page.getByLabel('Search parts').fill('turbocharjer');
  await expect(page).toHaveURL('/parts?q=turbocharjer');
  await expect(cards(page).first().getByRole('heading', { name: 'Ball-Bearing Turbocharger TQ-45' })).toBeVisible();
});

test('filters to parts in stock and sorts by price', async ({ page, adminApi }) => {
  const word = `Gasket${randomBytes(3).toString('hex')}`;
  const make = (suffix: string, price: number, available: number) =>
    addPart(api(adminApi.request), adminApi.user, e2ePart({ name: `${word} ${suffix}`, price, available }));
  await make('Alpha', 30, 10);
  await make('Bravo', 10, 0);
  await make('Charlie', 20, 5);
  const ours = (names: string[]) => names.filter((name) => name.startsWith(word));

  await page.goto('/parts');
  await page.getByLabel('Search parts').fill(word);
  await expect(page).toHaveURL(`/parts?q=${word}`);
  await expect(cards(page).filter({ hasText: word })).toHaveCount(3);

  await page.getByLabel('In stock only').check();
  await expect(page).toHaveURL(`/parts?q=${word}&inStock=true`);
  await expect(cards(page).filter({ hasText: word })).toHaveCount(2);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(`/parts?q=${word}&inStock=true&sort=price-asc`);
  await expect.poll(async () => ours(await cardNames(page))).toEqual([`${word} Charlie`, `${word} Alpha`]);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect.poll(async () => ours(await cardNames(page))).toEqual([`${word} Alpha`, `${word} Charlie`]);

  await page.getByLabel('In stock only').uncheck();
  await expect
    .poll(async () => ours(await cardNames(page)))
    .toEqual([`${word} Alpha`, `${word} Charlie`, `${word} Bravo`]);
});

test('pages through a search with Load more, and says when nothing matches', async ({ page, adminApi }) => {
  const word = `Bolt${randomBytes(3).toString('hex')}`;
  const count = PAGE_SIZE + 2;
  for (let n = 1; n <= count; n += 1) {
    await addPart(api(adminApi.request), adminApi.user, e2ePart({ name: `${word} ${String(n).padStart(2, '0')}` }));
  }

  await page.goto(`/parts?q=${word}&sort=name`);
  const ours = cards(page).filter({ hasText: word });
  await expect(ours).toHaveCount(PAGE_SIZE);
  await expect(page.getByText(`${count} parts`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(ours).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(ours.last().getByRole('heading')).toHaveText(`${word} ${count}`);

  await page.goto('/parts?q=qqqqxxxxzzzzwwww');
  await expect(page.getByText('No parts match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/parts');
  await expect(page.getByLabel('Search parts')).toHaveValue('');
  await expect(page.getByLabel('Search parts')).toBeFocused();
  await expect(cards(page).first()).toBeVisible();
});

test('a shared link shows the same results after a reload and through back and forward', async ({ page, request }) => {
  const ascending = await firstPageNames(request, { q: 'brake', sort: 'price-asc' });
  const descending = await firstPageNames(request, { q: 'brake', sort: 'price-desc' });
  expect(ascending.length, 'the seeded catalogue has brake parts').toBeGreaterThan(1);

  await page.goto('/parts?q=brake&sort=price-asc');
  await expect.poll(() => cardNames(page)).toEqual(ascending);
  await expect(page.getByLabel('Search parts')).toHaveValue('brake');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');

  await page.reload();
  await expect.poll(() => cardNames(page)).toEqual(ascending);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');

  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL('/parts?q=brake&sort=price-desc');
  await expect.poll(() => cardNames(page)).toEqual(descending);

  await page.goBack();
  await expect(page).toHaveURL('/parts?q=brake&sort=price-asc');
  await expect.poll(() => cardNames(page)).toEqual(ascending);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');

  await page.goForward();
  await expect(page).toHaveURL('/parts?q=brake&sort=price-desc');
  await expect.poll(() => cardNames(page)).toEqual(descending);
  await expect(page.getByLabel('Search parts')).toHaveValue('brake');
});
