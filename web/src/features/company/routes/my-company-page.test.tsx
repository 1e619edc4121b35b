import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addCompany, addOrder, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function fleetWith(role: 'admin' | 'buyer') {
  const boss = addUser({ name: 'Bea Boss', email: 'boss@fleet.test' });
  const kim = addUser({ name: 'Kim Buyer', email: 'kim@fleet.test' });
  const company = addCompany('Northline Fleet', [
    { email: boss.email, role: 'admin' },
    { email: kim.email, role: 'buyer' },
  ]);
  signInAs(role === 'admin' ? boss : kim);
  return { boss, kim, company };
}

describe('My company (issue 30)', () => {
  it('is in the dashboard menu; without a company it says so', async () => {
    signInAs(addUser({ email: 'solo@example.com' }));
    renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'My company' })).toHaveAttribute('href', '/dashboard/company');
    renderApp('/dashboard/company');
    expect(await screen.findByText(/You do not belong to a company/)).toBeInTheDocument();
  });

  it("shows a buyer the company, its members with roles and its orders, with no admin's controls", async () => {
    const { boss } = fleetWith('buyer');
    addOrder({
      email: boss.email,
      name: 'Oil Filter',
      quantity: 3,
      unitPrice: 4,
      payment: true,
      invoiceNumber: 'INV-2026-000007',
    });
    addOrder({ email: 'stranger@example.com', name: 'Not Ours' });
    renderApp('/dashboard/company');
    expect(await screen.findByRole('heading', { name: 'Northline Fleet' })).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).getByRole('rowheader', { name: 'Bea Boss' }).closest('tr')).toHaveTextContent('Admin');
    expect(within(members).getByRole('rowheader', { name: 'Kim Buyer' }).closest('tr')).toHaveTextContent('Buyer');
    expect(screen.queryByRole('form', { name: 'Invite a buyer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    const orders = await screen.findByRole('table', { name: 'Company orders' });
    expect(within(orders).getByText('3 × Oil Filter')).toBeInTheDocument();
    expect(within(orders).getByRole('button', { name: 'Download invoice INV-2026-000007' })).toBeInTheDocument();
    expect(within(orders).queryByText(/Not Ours/)).not.toBeInTheDocument();
  });

  it("shows a buyer the company's tax number with its check, as the shop's admins see it", async () => {
    signInAs(addUser({ email: 'eu@fleet.test' }));
    addCompany('EU Fleet', [{ email: 'eu@fleet.test', role: 'buyer' }], { taxId: 'FR40303265045' });
    renderApp('/dashboard/company');
    expect(await screen.findByTestId('company-tax-id')).toHaveTextContent('Tax number: FR40303265045Valid');
    expect(screen.getByText('Your orders are taxed with the company’s number.')).toBeInTheDocument();
  });

  it('lets a company admin invite by e-mail, with errors at the field, and lists the pending invitation', async () => {
    fleetWith('admin');
    const { user } = renderApp('/dashboard/company');
    const form = await screen.findByRole('form', { name: 'Invite a buyer' });
    await user.type(within(form).getByLabelText('E-mail'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Must be a valid email')).toBeInTheDocument();
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    // A member already: the server's 409 shows at the field.
    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'kim@fleet.test');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This address is a member of your company already')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'new.buyer@fleet.test');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new.buyer@fleet.test')).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByText(/new\.buyer@fleet\.test/)).toBeInTheDocument();
    expect(state.writes).toContain('POST /api/company/invitations');
  });

  it('lets a company admin remove a member after confirming', async () => {
    const { company } = fleetWith('admin');
    const { user } = renderApp('/dashboard/company');
    await user.click(await screen.findByRole('button', { name: 'Remove kim@fleet.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Kim Buyer removed')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Members' })).queryByText('kim@fleet.test'),
      ).not.toBeInTheDocument(),
    );
    expect(state.companies.find((c) => c._id === company._id)?.members.map((m) => m.email)).toEqual([
      'boss@fleet.test',
    ]);
    // Never themselves: no Remove on the admin's own row.
    expect(screen.queryByRole('button', { name: 'Remove boss@fleet.test' })).not.toBeInTheDocument();
  });
});
