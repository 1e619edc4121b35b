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

  it('edits the name and the tax number (errors at the field) and shows the number’s status', async () => {
    addCompany('Northline Fleet', [], { taxId: 'FR40303265045' });
    addCompany('Other Fleet', [], { taxId: '12-3456789', taxIdStatus: 'unverified' });
    const { user } = openAsAdmin();
    const card = await screen.findByRole('article', { name: 'Northline Fleet' });
    expect(within(card).getByTestId('company-tax-id')).toHaveTextContent('FR40303265045Valid');
    const other = screen.getByRole('article', { name: 'Other Fleet' });
    expect(within(other).getByTestId('company-tax-id')).toHaveTextContent('Not checked');

    await user.click(within(card).getByRole('button', { name: 'Edit name and tax number of Northline Fleet' }));
    const form = within(card).getByRole('form', { name: 'Edit Northline Fleet' });
    expect(within(form).getByLabelText('Company name')).toHaveValue('Northline Fleet');
    expect(within(form).getByLabelText('Tax number')).toHaveValue('FR40303265045');

    // The contract's checks in the browser, the server's at the field; nothing is saved.
    await user.clear(within(form).getByLabelText('Company name'));
    await user.clear(within(form).getByLabelText('Tax number'));
    await user.type(within(form).getByLabelText('Tax number'), 'X'.repeat(31));
    await user.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(await within(form).findByText('Company name is required')).toBeInTheDocument();
    expect(within(form).getByText('taxId has at most 30 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Company name'), 'Northline Fleet BV');
    await user.clear(within(form).getByLabelText('Tax number'));
    await user.type(within(form).getByLabelText('Tax number'), 'FR12');
    await user.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(
      await within(form).findByText('This is not a valid EU VAT number: check the country prefix and the digits'),
    ).toBeInTheDocument();
    expect(state.companies[0]).toMatchObject({ name: 'Northline Fleet', taxId: 'FR40303265045' });

    // VIES away: saved, and the number waits for VIES (members pay tax meanwhile).
    state.viesDown = true;
    await user.clear(within(form).getByLabelText('Tax number'));
    await user.type(within(form).getByLabelText('Tax number'), 'DE 123456789');
    await user.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(await screen.findByText('Northline Fleet BV saved')).toBeInTheDocument();
    const saved = await screen.findByRole('article', { name: 'Northline Fleet BV' });
    expect(within(saved).getByTestId('company-tax-id')).toHaveTextContent('DE123456789Waiting for VIES');
    expect(within(saved).queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument();
    expect(state.companies[0]).toMatchObject({
      name: 'Northline Fleet BV',
      taxId: 'DE123456789',
      taxIdStatus: 'unverified',
    });
    expect(state.writes).toContain(`PUT /api/companies/${state.companies[0]!._id}`);

    // Empty removes the number; Cancel leaves the form without saving.
    await user.click(within(saved).getByRole('button', { name: 'Edit name and tax number of Northline Fleet BV' }));
    const again = within(saved).getByRole('form', { name: 'Edit Northline Fleet BV' });
    await user.clear(within(again).getByLabelText('Tax number'));
    await user.click(within(again).getByRole('button', { name: 'Save company' }));
    await waitFor(() => expect(within(saved).getByText('Tax number: none')).toBeInTheDocument());
    expect(state.companies[0]!.taxIdStatus).toBeNull();
    await user.click(within(saved).getByRole('button', { name: 'Edit name and tax number of Northline Fleet BV' }));
    await user.click(within(saved).getByRole('button', { name: 'Cancel' }));
    expect(within(saved).queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument();
  });
});
