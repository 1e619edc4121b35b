import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openProfile() {
  signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
  return renderApp('/dashboard/my-profile');
}

const section = () => within(screen.getByRole('region', { name: 'Tax number' }));

describe('My Profile: tax number', () => {
  it('saves a VAT number and shows it valid, with the reverse-charge hint', async () => {
    const { user } = openProfile();
    const field = await screen.findByLabelText('VAT number / tax id');
    expect(section().getByText(/valid EU VAT number from a member state other than ours/)).toBeInTheDocument();
    expect(section().queryByTestId('tax-id-status')).not.toBeInTheDocument();

    await user.type(field, 'fr 40303265045');
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    expect(await screen.findByText('Tax number saved')).toBeInTheDocument();
    const status = await section().findByTestId('tax-id-status');
    expect(within(status).getByText('Valid')).toBeInTheDocument();
    // The server's normalised number replaces what was typed.
    await waitFor(() => expect(field).toHaveValue('FR40303265045'));
    expect(state.taxIds.get('ann@example.com')).toMatchObject({ taxId: 'FR40303265045', status: 'valid' });
  });

  it('says a number VIES does not know is invalid, and one it could not check is unverified', async () => {
    const { user } = openProfile();
    const field = await screen.findByLabelText('VAT number / tax id');
    await user.type(field, 'DE12');
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    expect(await section().findByText('Invalid')).toBeInTheDocument();

    state.viesDown = true;
    await user.clear(field);
    await user.type(field, 'DE123456789');
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    expect(await section().findByText('Unverified')).toBeInTheDocument();
    expect(section().getByText('We could not reach the EU’s VIES service; we will check again.')).toBeInTheDocument();
  });

  it('keeps a number of no EU state (an EIN) without promising a VIES check', async () => {
    const { user } = openProfile();
    const field = await screen.findByLabelText('VAT number / tax id');
    await user.type(field, '12-3456789');
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    const status = await section().findByTestId('tax-id-status');
    expect(within(status).getByText('Not checked')).toBeInTheDocument();
    expect(status).toHaveTextContent(
      'Not an EU VAT number: it is printed on your invoices, and tax is charged as usual.',
    );
    expect(section().queryByText(/VIES/)).not.toBeInTheDocument();
    expect(state.taxIds.get('ann@example.com')).toMatchObject({
      taxId: '12-3456789',
      country: null,
      status: 'unverified',
    });
  });

  it('shows the stored number and status on arrival, and removes it when emptied', async () => {
    state.taxIds.set('ann@example.com', { taxId: 'ATU12345678', country: 'AT', status: 'unverified' });
    const { user } = openProfile();
    const field = await screen.findByLabelText('VAT number / tax id');
    await waitFor(() => expect(field).toHaveValue('ATU12345678'));
    expect(section().getByText('Unverified')).toBeInTheDocument();
    await user.clear(field);
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    expect(await screen.findByText('Tax number removed')).toBeInTheDocument();
    expect(section().queryByTestId('tax-id-status')).not.toBeInTheDocument();
    expect(state.taxIds.has('ann@example.com')).toBe(false);
  });

  it("checks the length with the contract's message and shows the server's field message", async () => {
    const { user } = openProfile();
    const field = await screen.findByLabelText('VAT number / tax id');
    await user.type(field, 'X'.repeat(31));
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    expect(await section().findByText('taxId has at most 30 characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.put('/api/tax-id', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION_FAILED', message: 'Bad number', fields: { taxId: 'Not a VAT number' } } },
          { status: 400 },
        ),
      ),
    );
    await user.clear(field);
    await user.type(field, 'ZZ1');
    await user.click(section().getByRole('button', { name: 'Save tax number' }));
    expect(await section().findByText('Not a VAT number')).toBeInTheDocument();
  });
});
