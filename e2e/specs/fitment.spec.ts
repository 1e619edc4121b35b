import { randomBytes } from 'node:crypto';
import type { Part } from '@torque/contract';
import type { Locator, Page } from '@playwright/test';
import { addPart } from '@torque/testkit';
import { api, e2ePart } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Journey (issue 20): a customer chooses a vehicle on the landing page, lands on /parts with only
 * the parts that fit it, opens one and sees "Fits your vehicle", switches to a vehicle it does not
 * fit and sees "Does not fit your vehicle". The vehicles are a make of this test's own (a random
 * word), so parts other specs add at the same time never change what it sees.
 */

function chooseVehicle(form: Locator, vehicle: { make: string; model: string; year: string; engine?: string }) {
  return (async () => {
    await form.getByLabel('Make').selectOption(vehicle.make);
    await form.getByLabel('Model').selectOption(vehicle.model);
    await form.getByLabel('Year').selectOption(vehicle.year);
    if (vehicle.engine) await form.getByLabel('Engine').selectOption(vehicle.engine);
  })();
}

const cardNamed = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('choose a vehicle on the landing page, see what fits, open a part, switch to one it does not fit', async ({
  page,
  customer,
  adminApi,
}) => {
  const make = `Fitwerk ${randomBytes(3).toString('hex')}`;
  const admin = api(adminApi.request);
  const fits: Part = await addPart(
    admin,
    adminApi.user,
    e2ePart({
      fitment: [
        { make, model: 'Roadster', yearFrom: 2014, yearTo: 2018, engine: null, note: 'Manual gearbox only' },
        { make, model: 'Coupe', yearFrom: 2021, yearTo: 2022, engine: '2.0', note: null },
      ],
    }),
  );
  const later: Part = await addPart(
    admin,
    adminApi.user,
    e2ePart({ fitment: [{ make, model: 'Roadster', yearFrom: 2019, yearTo: 2022, engine: null, note: null }] }),
  );

  await page.goto('/');
  const hero = page.getByRole('form', { name: 'Find parts for your vehicle' });
  await expect(hero.getByLabel('Model'), 'Model waits for a make').toBeDisabled();
  await chooseVehicle(hero, { make, model: 'Roadster', year: '2016' });
  await expect(hero.getByLabel('Engine'), 'the engine is optional').toHaveValue('');
  await hero.getByRole('button', { name: 'Find parts' }).click();

  await expect(page).toHaveURL(`/parts?${new URLSearchParams({ make, model: 'Roadster', year: '2016' })}`);
  await expect(page.getByRole('heading', { level: 1, name: `Parts for your 2016 ${make} Roadster` })).toBeVisible();
  const card = cardNamed(page, fits.name);
  await expect(card.getByText('Fits your vehicle')).toBeVisible();
  await expect(card.getByText('Manual gearbox only')).toBeVisible();
  await expect(cardNamed(page, later.name), 'a part for later years is not listed').toHaveCount(0);

  // Every card is one the API says fits (universal parts included), and nothing else.
  const query = new URLSearchParams({ make, model: 'Roadster', year: '2016', limit: '100' });
  const expected = ((await (await page.request.get(`/api/parts?${query}`)).json()) as Part[]).map((p) => p.name);
  expect(expected).toContain(fits.name);
  await expect(page.getByText(new RegExp(`^${expected.length} parts?$`))).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 })).toHaveText(expected);

  await card.getByRole('link', { name: `Purchase ${fits.name}` }).click();
  await expect(page.getByRole('heading', { name: fits.name })).toBeVisible();
  const yours = page.getByRole('region', { name: 'Your vehicle' });
  await expect(yours.getByText(`2016 ${make} Roadster`)).toBeVisible();
  await expect(yours.getByText('Fits your vehicle')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Roadster 2014–2018/ })).toContainText('Manual gearbox only');

  await yours.getByRole('button', { name: 'Change vehicle' }).click();
  const change = yours.getByRole('form', { name: 'Change vehicle' });
  await chooseVehicle(change, { make, model: 'Roadster', year: '2020' });
  await change.getByRole('button', { name: 'Check fit' }).click();
  await expect(yours.getByText(`2020 ${make} Roadster`)).toBeVisible();
  await expect(yours.getByText('Does not fit your vehicle')).toBeVisible();

  // Both choices went to the garage, newest first.
  await page.goto('/dashboard/my-profile');
  await expect(page.getByText(customer.email).first()).toBeVisible();
  const garage = page.getByRole('region', { name: 'My garage' });
  await expect(garage.getByRole('listitem')).toHaveText([
    new RegExp(`^2020 ${make} Roadster`),
    new RegExp(`^2016 ${make} Roadster`),
  ]);
});

test('a shared link wins over the remembered vehicle, and Clear vehicle shows the whole catalogue', async ({
  page,
}) => {
  await page.goto('/parts?make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parts for your 2016 Volkswagen Golf 1.4 TSI' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

  await page.goto('/parts?make=Toyota&model=Corolla&year=2019');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts for your 2019 Toyota Corolla' })).toBeVisible();

  // The remembered vehicle (the last one) comes back on a plain /parts, into the address.
  await page.goto('/parts');
  await expect(page).toHaveURL('/parts?make=Toyota&model=Corolla&year=2019');

  await page.getByRole('button', { name: 'Clear vehicle' }).click();
  await expect(page).toHaveURL('/parts');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts catalogue' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Parts for your 2019 Toyota Corolla' })).toBeVisible();
});
