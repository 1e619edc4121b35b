import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addPart, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { addCompany } from '@/testing/mock-companies.ts';
import { priceListsState, resetPriceLists } from '@/testing/mock-price-lists.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openAsAdmin() {
  signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
  return renderApp('/dashboard/price-lists');
}

/** Picks a part for a fixed-price row through its search (the part picker). */
async function pickPart(
  user: ReturnType<typeof renderApp>['user'],
  form: HTMLElement,
  row: number,
  search: string,
  option: string,
) {
  await user.type(within(form).getByRole('combobox', { name: `Part (row ${row})` }), search);
  await user.click(await within(form).findByRole('option', { name: option }));
}

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'Price lists' }))
    .getByRole('rowheader', { name })
    .closest('tr')!;

describe('Price lists (shop admins, PRODUCT.md §25)', () => {
  beforeEach(() => resetPriceLists());

  it('is in the dashboard menu and opens with its heading', async () => {
    openAsAdmin();
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'Price lists' })).toHaveAttribute(
      'href',
      '/dashboard/price-lists',
    );
    expect(await screen.findByRole('heading', { name: 'Price lists', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('No price lists yet')).toBeInTheDocument();
  });

  it('adds a list with companies, percent off, a fixed price with tiers and a window; edits and deletes it', async () => {
    const fleet = addCompany('Northline Fleet');
    addCompany('Garage Two');
    const part = addPart({ name: 'Brake Disc', partNumber: 'BD-1', price: 9.4 });
    const { user } = openAsAdmin();
    const form = await screen.findByRole('form', { name: 'Add a price list' });
    await user.type(within(form).getByLabelText('Name'), 'Fleet deal');
    await user.type(within(form).getByLabelText('Percent off the catalogue (optional)'), '5');
    await user.click(await within(form).findByRole('checkbox', { name: 'Northline Fleet' }));
    await user.type(within(form).getByLabelText('Valid from (optional)'), '2026-12-01T00:00');
    await user.click(within(form).getByRole('button', { name: 'Add a fixed price' }));
    await pickPart(user, form, 1, 'BD-1', 'BD-1 Brake Disc');
    await user.type(within(form).getByLabelText('Price per unit'), '8.80');
    await user.type(within(form).getByLabelText('Tiers (quantity @ price; …)'), '250 @ 8.45; 500 @ 7.60');
    await user.click(within(form).getByRole('button', { name: 'Add price list' }));

    expect(await screen.findByText('Fleet deal added')).toBeInTheDocument();
    expect(priceListsState.lists).toMatchObject([
      {
        name: 'Fleet deal',
        companyIds: [fleet._id],
        percentOff: 5,
        validFrom: new Date('2026-12-01T00:00').toISOString(),
        validTo: null,
        prices: [
          {
            partId: part._id,
            price: 8.8,
            priceBreaks: [
              { minQuantity: 250, price: 8.45 },
              { minQuantity: 500, price: 7.6 },
            ],
          },
        ],
      },
    ]);
    const row = within(rowOf('Fleet deal'));
    expect(row.getByText('Northline Fleet')).toBeInTheDocument();
    expect(row.getByText('5 %')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Edit price list Fleet deal' }));
    const edit = await screen.findByRole('form', { name: 'Edit Fleet deal' });
    expect(within(edit).getByLabelText('Tiers (quantity @ price; …)')).toHaveValue('250 @ 8.45; 500 @ 7.60');
    const percent = within(edit).getByLabelText('Percent off the catalogue (optional)');
    await user.clear(percent);
    await user.type(percent, '7.5');
    await user.click(within(edit).getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('Fleet deal saved')).toBeInTheDocument();
    expect(priceListsState.lists[0]).toMatchObject({ percentOff: 7.5, version: 2 });

    await user.click(within(rowOf('Fleet deal')).getByRole('button', { name: 'Delete price list Fleet deal' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(priceListsState.lists).toEqual([]));
  });

  it('shows errors at the fields: its own check (tiers, window, percent) and the server’s (unknown part)', async () => {
    const { user } = openAsAdmin();
    const form = await screen.findByRole('form', { name: 'Add a price list' });
    await user.type(within(form).getByLabelText('Name'), 'Bad');
    await user.type(within(form).getByLabelText('Percent off the catalogue (optional)'), '100.5');
    await user.type(within(form).getByLabelText('Valid from (optional)'), '2026-12-02T00:00');
    await user.type(within(form).getByLabelText('Valid until (optional, not included)'), '2026-12-01T00:00');
    await user.click(within(form).getByRole('button', { name: 'Add a fixed price' }));
    const gone = addPart({ name: 'Retired Pump', partNumber: 'RP-9', price: 20 });
    await pickPart(user, form, 1, 'RP-9', 'RP-9 Retired Pump');
    // Deleted after it was picked: only the server can tell.
    state.parts.splice(state.parts.indexOf(gone), 1);
    await user.type(within(form).getByLabelText('Price per unit'), '5');
    await user.type(within(form).getByLabelText('Tiers (quantity @ price; …)'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Add price list' }));
    expect(await within(form).findByText(/percentOff must be at most 100/)).toBeInTheDocument();
    expect(within(form).getByText('validTo must be after validFrom')).toBeInTheDocument();
    expect(within(form).getByText(/Write each tier as quantity @ price/)).toBeInTheDocument();
    expect(priceListsState.writes).toEqual([]);

    await user.clear(within(form).getByLabelText('Percent off the catalogue (optional)'));
    await user.clear(within(form).getByLabelText('Valid until (optional, not included)'));
    await user.clear(within(form).getByLabelText('Tiers (quantity @ price; …)'));
    await user.type(within(form).getByLabelText('Tiers (quantity @ price; …)'), '10 @ 6');
    await user.click(within(form).getByRole('button', { name: 'Add price list' }));
    expect(await within(form).findByText('No such part')).toBeInTheDocument();
    expect(within(form).getByText(/A break's price must be below the part's price/)).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Part (row 1)' })).toHaveAttribute('aria-invalid', 'true');
    expect(priceListsState.writes).toEqual([]);
  });
});
