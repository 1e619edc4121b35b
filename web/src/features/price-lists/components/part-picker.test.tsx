import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addPart, addUser, signInAs } from '@/testing/mock-api.ts';
import { addCompany } from '@/testing/mock-companies.ts';
import { priceListsState, resetPriceLists } from '@/testing/mock-price-lists.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { PICKER_LIMIT } from '../api/search-parts.ts';

/**
 * The price list form's part picker (PRODUCT.md §25): a fixed price's part is found by the
 * catalogue search (GET /api/parts?q=…&limit=8) by part number or name and picked with the
 * mouse or the keyboard; each row shows the part's number and name.
 */
async function openForm() {
  signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
  const rendered = renderApp('/dashboard/price-lists');
  const form = await screen.findByRole('form', { name: 'Add a price list' });
  return { ...rendered, form };
}

const picker = (form: HTMLElement, row = 1) => within(form).getByRole('combobox', { name: `Part (row ${row})` });
const pickedOf = (form: HTMLElement, row = 1) =>
  document.getElementById(picker(form, row).getAttribute('aria-describedby')!.split(' ')[0]!)!;

describe('Part picker (price lists)', () => {
  beforeEach(() => resetPriceLists());

  it('finds a part by its number, picks it by click and shows its number and name on the row', async () => {
    addPart({ name: 'Brake Disc', partNumber: 'BD-1', price: 9.4 });
    const pads = addPart({ name: 'Brake Pads', partNumber: 'BP-7', price: 30 });
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Add a fixed price' }));
    expect(pickedOf(form)).toHaveTextContent('No part picked yet');
    await user.type(picker(form), 'BP-7');
    const list = await within(form).findByRole('listbox', { name: 'Parts matching BP-7' });
    expect(within(list).getAllByRole('option')[0]).toHaveAccessibleName('BP-7 Brake Pads');
    await user.click(within(list).getByRole('option', { name: 'BP-7 Brake Pads' }));

    expect(pickedOf(form)).toHaveTextContent('BP-7 Brake Pads');
    expect(picker(form)).toHaveValue('');
    expect(picker(form)).toHaveAttribute('aria-expanded', 'false');
    await user.type(within(form).getByLabelText('Name'), 'Pads deal');
    await user.type(within(form).getByLabelText('Price per unit'), '25');
    await user.click(within(form).getByRole('button', { name: 'Add price list' }));
    expect(await screen.findByText('Pads deal added')).toBeInTheDocument();
    expect(priceListsState.lists[0]!.prices).toMatchObject([{ partId: pads._id, price: 25, priceBreaks: [] }]);
  });

  it('searches by name, at most 8 answers; arrows and Enter pick without sending the form, Escape closes', async () => {
    for (let i = 1; i <= PICKER_LIMIT + 2; i++)
      addPart({ name: `Spark Plug ${i}`, partNumber: `SP-${String(i).padStart(2, '0')}`, price: 5 });
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Add a fixed price' }));
    await user.type(picker(form), 'spark');
    const list = await within(form).findByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(PICKER_LIMIT);
    expect(
      within(form).getByText(`${PICKER_LIMIT} parts found: use the arrow keys or click to pick.`),
    ).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(picker(form)).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(picker(form)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    const second = within(form).getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(picker(form)).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');

    expect(pickedOf(form)).toHaveTextContent(second.textContent!);
    expect(priceListsState.writes).toEqual([]);
    expect(screen.queryByRole('form', { name: 'Add a price list' })).toBeInTheDocument();
  });

  it('says when nothing matches, and a row without a part is an error at its picker', async () => {
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Add a fixed price' }));
    await user.type(picker(form), 'zzzz');
    expect(await within(form).findByText('No part matches “zzzz”.')).toBeInTheDocument();
    expect(within(form).queryByRole('option')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Name'), 'Empty row');
    await user.type(within(form).getByLabelText('Price per unit'), '5');
    await user.click(within(form).getByRole('button', { name: 'Add price list' }));
    const message = await within(form).findByText('Pick a part: search by part number or name');
    expect(picker(form)).toHaveAttribute('aria-invalid', 'true');
    expect(picker(form).getAttribute('aria-describedby')).toContain(message.id);
    expect(priceListsState.writes).toEqual([]);
  });

  it('editing a list shows each fixed price’s part number and name', async () => {
    const fleet = addCompany('Northline Fleet');
    const disc = addPart({ name: 'Brake Disc', partNumber: 'BD-1', price: 9.4 });
    priceListsState.lists.push({
      _id: '00000000-0000-4000-8000-00000000a001',
      name: 'Fleet deal',
      companyIds: [fleet._id],
      percentOff: null,
      prices: [{ partId: disc._id, partName: 'Brake Disc', partNumber: 'BD-1', price: 8.8, priceBreaks: [] }],
      validFrom: null,
      validTo: null,
      version: 1,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    const { user } = await openForm();
    await user.click(await screen.findByRole('button', { name: 'Edit price list Fleet deal' }));
    const edit = await screen.findByRole('form', { name: 'Edit Fleet deal' });
    await waitFor(() => expect(pickedOf(edit)).toHaveTextContent('BD-1 Brake Disc'));
    expect(within(edit).getByLabelText('Price per unit')).toHaveValue('8.80');
  });
});
