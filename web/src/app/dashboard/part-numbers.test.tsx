import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addOrder, addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { fillFields, productValues } from '@/testing/product-form.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** Issue 26 in the dashboard: the product form's numbers and references, the CSV import, numbers on orders. */
function openAsAdmin(path: string) {
  signInAs(addUser({ email: 'root@example.com', admin: true }));
  return renderApp(path);
}
const reference = (n: number) => screen.getByRole('group', { name: `Reference ${n}` });

describe('Product form: part number, brand, successor and cross-references', () => {
  it('checks the rows with the contract as typed and sends the number, brand and references', async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, screen.getByRole('main'), productValues);
    await user.type(screen.getByLabelText('Part number'), 'TB-900');
    await user.type(screen.getByLabelText('Brand'), 'Gates');
    await user.click(screen.getByRole('button', { name: 'Add reference' }));
    await user.click(screen.getByRole('button', { name: 'Add reference' }));
    await user.selectOptions(within(reference(1)).getByLabelText('Kind'), 'Competitor');
    await user.type(within(reference(1)).getByLabelText('Brand'), 'Contitech');
    await user.type(within(reference(1)).getByLabelText('Number'), 'CT1028');
    await user.type(within(reference(2)).getByLabelText('Number'), 'ab#1');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await within(reference(2)).findByText('Brand is required')).toBeInTheDocument();
    expect(
      within(reference(2)).getByText('Number may hold only letters, digits, spaces, - . and /'),
    ).toBeInTheDocument();
    expect(within(reference(2)).getByLabelText('Number')).toHaveAttribute('aria-invalid', 'true');
    expect(state.writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove reference 2' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('item added')).toBeInTheDocument();
    expect(state.parts[0]).toMatchObject({
      partNumber: 'TB-900',
      brand: 'Gates',
      crossReferences: [{ kind: 'competitor', brand: 'Contitech', number: 'CT1028' }],
      replacedBy: null,
    });
    expect(screen.queryByRole('group', { name: 'Reference 1' })).not.toBeInTheDocument();
  });

  it('leaves an empty number and brand to the server (its series, its brand)', async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, screen.getByRole('main'), productValues);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('item added')).toBeInTheDocument();
    expect(state.parts[0]).toMatchObject({ partNumber: 'TP-10001', brand: 'Torque Parts', crossReferences: [] });
  });

  it("shows the server's errors under the reference row and field they name", async () => {
    server.use(
      http.post('/api/parts', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'GDB1550 (TRW) is listed twice',
              fields: { 'crossReferences.1.number': 'GDB1550 (TRW) is listed twice', partNumber: 'BP-4471 is taken' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, screen.getByRole('main'), productValues);
    await user.type(screen.getByLabelText('Part number'), 'BP-4471');
    for (const n of [1, 2]) {
      await user.click(screen.getByRole('button', { name: 'Add reference' }));
      await user.type(within(reference(n)).getByLabelText('Brand'), 'TRW');
      await user.type(within(reference(n)).getByLabelText('Number'), 'GDB1550');
    }
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(reference(2)).findByText('GDB1550 (TRW) is listed twice')).toBeInTheDocument();
    expect(within(reference(2)).getByLabelText('Number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(reference(1)).getByLabelText('Number')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('BP-4471 is taken')).toBeInTheDocument();
  });

  it('Edit shows the numbers; naming a successor and removing a reference saves both', async () => {
    const successor = addPart({ name: 'Brake Pad Set', partNumber: 'BP-4471' });
    const part = addPart({
      name: 'Brake Pad Set (old)',
      partNumber: 'BP-4460',
      crossReferences: [
        { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
        { kind: 'competitor', brand: 'TRW', number: 'GDB1550' },
      ],
    });
    const { user } = openAsAdmin(`/dashboard/manage-products/${part._id}/edit`);
    await screen.findByRole('form', { name: 'Edit product' });
    expect(screen.getByLabelText('Part number')).toHaveValue('BP-4460');
    expect(within(reference(1)).getByLabelText('Kind')).toHaveValue('oe');
    expect(within(reference(2)).getByLabelText('Number')).toHaveValue('GDB1550');

    await user.type(screen.getByLabelText('Replaced by'), 'bp 4471');
    await user.click(screen.getByRole('button', { name: 'Remove reference 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('item updated')).toBeInTheDocument();
    expect(part.replacedBy).toEqual({ _id: successor._id, partNumber: 'BP-4471' });
    expect(part.crossReferences).toEqual([{ kind: 'competitor', brand: 'TRW', number: 'GDB1550' }]);
    await waitFor(() => expect(screen.getByLabelText('Replaced by')).toHaveValue('BP-4471'));

    // Emptying "Replaced by" makes the part current again.
    await user.clear(screen.getByLabelText('Replaced by'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(part.replacedBy).toBeNull());
  });
});

describe('Manage Products: part numbers', () => {
  it('lists each part’s number, and a discontinued part’s successor', async () => {
    const pads = addPart({ name: 'Brake Pad Set', partNumber: 'BP-4471' });
    addPart({
      name: 'Brake Pad Set (old)',
      partNumber: 'BP-4460',
      replacedBy: { _id: pads._id, partNumber: 'BP-4471' },
    });
    openAsAdmin('/dashboard/manage-products');
    const table = await screen.findByRole('table', { name: 'All products' });
    const numbers = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-label="Part number"]')?.textContent);
    expect(numbers.sort()).toEqual(['BP-4460replaced by BP-4471', 'BP-4471']);
  });
});

describe('Import cross-references', () => {
  const csv = (lines: string[]) =>
    new File([['partNumber,kind,brand,number', ...lines].join('\n')], 'refs.csv', { type: 'text/csv' });

  it('checks the file first, lists each refused line, and imports only a clean file', async () => {
    const part = addPart({ name: 'Brake Pad Set', partNumber: 'BP-4471' });
    const { user } = openAsAdmin('/dashboard/manage-products');
    await user.click(await screen.findByRole('link', { name: 'Import cross-references' }));
    const file = await screen.findByLabelText('CSV file');
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.upload(
      file,
      csv(['BP-4471,oe,Volkswagen,1K0 698 151', 'XX-1,oe,Audi,8E0 698 151', 'BP-4471,odd,TRW,GDB1550']),
    );
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/2 lines refused, 1 line fine/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Refused lines' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '3No part with number XX-1',
      '4Kind must be one of oe, competitor, replaces',
    ]);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(state.writes).toEqual([]);

    await user.upload(file, csv(['BP-4471,oe,Volkswagen,1K0 698 151', 'BP-4471,competitor,TRW,GDB1550']));
    expect(screen.queryByRole('table', { name: 'Refused lines' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/2 lines ready to import/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 cross-references imported from refs.csv.', { exact: false })).toBeInTheDocument();
    expect(part.crossReferences).toEqual([
      { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
      { kind: 'competitor', brand: 'TRW', number: 'GDB1550' },
    ]);
  });

  it('an import the server refuses (422) shows its lines; a bad header shows its message', async () => {
    addPart({ partNumber: 'BP-4471' });
    server.use(
      http.post('/api/parts/cross-references/import', ({ request }) =>
        new URL(request.url).searchParams.get('dryRun') === 'true'
          ? HttpResponse.json({ valid: 1, errors: [], errorCount: 0 })
          : HttpResponse.json(
              {
                valid: 0,
                errors: [{ line: 2, message: 'No part has the number BP-4471' }],
                errorCount: 1,
                error: { code: 'IMPORT_REFUSED', message: '1 line was refused' },
              },
              { status: 422 },
            ),
      ),
    );
    const { user } = openAsAdmin('/dashboard/manage-products/cross-references');
    await user.upload(await screen.findByLabelText('CSV file'), csv(['BP-4471,oe,Volkswagen,1K0 698 151']));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: 'Refused lines' });
    expect(within(table).getByText('No part has the number BP-4471')).toBeInTheDocument();

    server.resetHandlers();
    await user.upload(screen.getByLabelText('CSV file'), new File(['part,kind\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('The first line must be partNumber,kind,brand,number')).toBeInTheDocument();
  });
});

describe('Orders: the part number', () => {
  it('shows on My Orders and on Manage All Orders', async () => {
    const ann = addUser({ email: 'ann@example.com' });
    addOrder({ email: ann.email, name: 'Brake Pad Set', partNumber: 'BP-4471' });
    signInAs(ann);
    const { unmount } = renderApp('/dashboard/my-orders');
    const card = (await screen.findByRole('heading', { name: 'Brake Pad Set' })).closest('li')!;
    expect(within(card).getByText('Part number').nextElementSibling).toHaveTextContent('BP-4471');
    unmount();

    openAsAdmin('/dashboard/manage-all-orders');
    const cell = await screen.findByRole('cell', { name: /Brake Pad Set/ });
    expect(cell).toHaveTextContent('Brake Pad SetPart number BP-4471');
  });
});
