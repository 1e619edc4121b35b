import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addAddress, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** PRODUCT.md §20's address book on My Profile. */
describe('My Profile: addresses', () => {
  const open = () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    return renderApp('/dashboard/my-profile');
  };

  it('adds an address (the first becomes both defaults) and edits it', async () => {
    const { user } = open();
    expect(await screen.findByText(/No addresses yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    await user.type(form.getByLabelText('Full name'), 'Ann Buyer');
    await user.type(form.getByLabelText('Street and number'), '1 Gear St');
    await user.type(form.getByLabelText('City'), 'Springfield');
    await user.type(form.getByLabelText('Postal code'), '62704');
    await user.type(form.getByLabelText('Label (optional)'), 'Garage');
    await user.click(form.getByRole('button', { name: 'Add address' }));

    const list = within(await screen.findByRole('list', { name: 'Your addresses' }));
    const garage = within(list.getByRole('listitem'));
    expect(garage.getByText('Default shipping')).toBeInTheDocument();
    expect(garage.getByText('Default billing')).toBeInTheDocument();
    expect(garage.getByText('Springfield 62704')).toBeInTheDocument();
    expect(garage.getByText('United States of America')).toBeInTheDocument();

    await user.click(garage.getByRole('button', { name: 'Edit address Garage' }));
    const edit = within(screen.getByRole('form', { name: 'Edit address' }));
    await user.clear(edit.getByLabelText('Street and number'));
    await user.type(edit.getByLabelText('Street and number'), '3 Gear St');
    await user.click(edit.getByRole('button', { name: 'Save address' }));
    expect(await garage.findByText('3 Gear St')).toBeInTheDocument();
  });

  it('moves the default shipping address to another entry, and deletes one after confirming', async () => {
    addAddress('ann@example.com', { label: 'Garage' });
    addAddress('ann@example.com', { label: 'Office', line1: '400 Ledger Ave' });
    const { user } = open();
    const list = within(await screen.findByRole('list', { name: 'Your addresses' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    await user.click(list.getByRole('button', { name: 'Set as default shipping: Office' }));
    await waitFor(() => expect(list.queryByRole('button', { name: 'Set as default shipping: Office' })).toBeNull());
    expect(list.getByRole('button', { name: 'Set as default shipping: Garage' })).toBeInTheDocument();
    expect(state.addresses.get('ann@example.com')!.map((a) => a.defaultShipping)).toEqual([false, true]);

    await user.click(list.getByRole('button', { name: 'Delete address Office' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(1));
    expect(state.writes.filter((w) => w.startsWith('DELETE /api/addresses/'))).toHaveLength(1);
  });

  it("shows the server's postal-code message at its field", async () => {
    server.use(
      http.post('/api/addresses', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Postal code is not valid for Germany',
              fields: { postalCode: 'Postal code is not valid for Germany' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = within(screen.getByRole('form', { name: 'New address' }));
    await user.type(form.getByLabelText('Full name'), 'Ann Buyer');
    await user.type(form.getByLabelText('Street and number'), '5 Allee');
    await user.type(form.getByLabelText('City'), 'Berlin');
    await user.type(form.getByLabelText('Postal code'), '10115');
    await form.findByRole('option', { name: 'Germany' });
    await user.selectOptions(form.getByLabelText('Country'), 'DE');
    await user.click(form.getByRole('button', { name: 'Add address' }));
    expect(await form.findByText('Postal code is not valid for Germany')).toBeInTheDocument();
    expect(form.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
  });
});
