import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openAsAdmin() {
  signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
  return renderApp('/dashboard/user');
}

describe('Make Admin: tax exemption certificates', () => {
  it('records a certificate with its expiry date for a user, then removes it', async () => {
    addUser({ email: 'fleet@example.com' });
    const { user } = openAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'Tax exemption, fleet@example.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax exemption' }));
    expect(await dialog.findByText('No certificate recorded: tax is charged as usual.')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Certificate number'), 'RESALE-CA-4471');
    await user.type(dialog.getByLabelText('Expiry date'), '2030-12-31');
    await user.click(dialog.getByRole('button', { name: 'Save certificate' }));
    expect(await screen.findByText('Tax exemption recorded for fleet@example.com')).toBeInTheDocument();
    expect(state.taxExemptions.get('fleet@example.com')).toEqual({
      certificate: 'RESALE-CA-4471',
      expiresOn: '2030-12-31',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened again: the certificate is shown and can be removed.
    await user.click(screen.getByRole('button', { name: 'Tax exemption, fleet@example.com' }));
    const again = within(await screen.findByRole('dialog', { name: 'Tax exemption' }));
    expect(await again.findByText('RESALE-CA-4471')).toBeInTheDocument();
    expect(again.getByLabelText('Expiry date')).toHaveValue('2030-12-31');
    await user.click(again.getByRole('button', { name: 'Remove certificate' }));
    expect(await screen.findByText('Tax exemption removed for fleet@example.com')).toBeInTheDocument();
    expect(state.taxExemptions.has('fleet@example.com')).toBe(false);
  });

  it("checks both fields with the contract's messages and marks an expired certificate", async () => {
    addUser({ email: 'fleet@example.com' });
    state.taxExemptions.set('fleet@example.com', { certificate: 'OLD-1', expiresOn: '2020-01-31' });
    const { user } = openAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'Tax exemption, fleet@example.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax exemption' }));
    expect(await dialog.findByText('Expired')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Certificate number'));
    await user.clear(dialog.getByLabelText('Expiry date'));
    await user.click(dialog.getByRole('button', { name: 'Save certificate' }));
    expect(await dialog.findByText('Certificate is required')).toBeInTheDocument();
    expect(dialog.getByText('expiresOn must be a date (YYYY-MM-DD)')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.taxExemptions.get('fleet@example.com')?.certificate).toBe('OLD-1');
  });
});
