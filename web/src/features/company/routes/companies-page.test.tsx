import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addCompany, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openAsAdmin() {
  signInAs(addUser({ name: 'The Boss', email: 'shop@example.com', admin: true }));
  return renderApp('/dashboard/companies');
}

describe('Companies (shop admins, issue 30)', () => {
  it('is in the admin menu and creates a company with a tax number', async () => {
    const { user } = openAsAdmin();
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'Companies' })).toHaveAttribute(
      'href',
      '/dashboard/companies',
    );
    const form = await screen.findByRole('form', { name: 'Create a company' });
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await within(form).findByText('Company name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Company name'), 'Northline Fleet');
    await user.type(within(form).getByLabelText('Tax number (optional)'), 'FR40303265045');
    await user.click(within(form).getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Northline Fleet created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Northline Fleet' })).toBeInTheDocument();
    expect(state.companies).toMatchObject([{ name: 'Northline Fleet', taxId: 'FR40303265045', members: [] }]);
  });

  it('attaches an account with a role (errors at the field), changes roles and grants and withdraws terms', async () => {
    addUser({ name: 'Kim', email: 'kim@fleet.test' });
    const company = addCompany('Northline Fleet');
    const { user } = openAsAdmin();
    const attach = await screen.findByRole('form', { name: 'Attach an account to Northline Fleet' });
    await user.type(within(attach).getByLabelText('Account e-mail'), 'nobody@fleet.test');
    await user.click(within(attach).getByRole('button', { name: 'Attach' }));
    expect(await within(attach).findByText('No account has this e-mail')).toBeInTheDocument();

    await user.clear(within(attach).getByLabelText('Account e-mail'));
    await user.type(within(attach).getByLabelText('Account e-mail'), 'kim@fleet.test');
    await user.selectOptions(within(attach).getByLabelText('Role'), 'admin');
    await user.click(within(attach).getByRole('button', { name: 'Attach' }));
    const members = await screen.findByRole('table', { name: 'Members of Northline Fleet' });
    expect(within(members).getByRole('rowheader', { name: 'Kim' }).closest('tr')).toHaveTextContent('Admin');

    await user.click(within(members).getByRole('button', { name: 'Make buyer kim@fleet.test' }));
    await waitFor(() => expect(state.companies[0]!.members[0]!.role).toBe('buyer'));

    const terms = screen.getByRole('form', { name: 'Payment terms of Northline Fleet' });
    await user.type(within(terms).getByLabelText('Net days'), '0');
    await user.type(within(terms).getByLabelText('Credit limit ($)'), '5000.50');
    await user.click(within(terms).getByRole('button', { name: 'Grant terms' }));
    expect(await within(terms).findByText('netDays must be at least 1')).toBeInTheDocument();
    await user.clear(within(terms).getByLabelText('Net days'));
    await user.type(within(terms).getByLabelText('Net days'), '30');
    await user.click(within(terms).getByRole('button', { name: 'Grant terms' }));
    expect(await screen.findByText('Net 30, credit limit $5,000.50', { exact: false })).toBeInTheDocument();
    expect(state.companies.find((c) => c._id === company._id)?.terms).toEqual({ netDays: 30, creditLimit: 5000.5 });

    await user.click(screen.getByRole('button', { name: 'Withdraw terms' }));
    expect(await screen.findByText('Terms of Northline Fleet withdrawn')).toBeInTheDocument();
    expect(state.companies[0]!.terms).toBeNull();
  });
});
