import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addCompany, addInvitation, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function invitation(email: string, options: { expired?: boolean; used?: boolean } = {}) {
  addUser({ name: 'Bea Boss', email: 'boss@fleet.test' });
  const company = addCompany('Northline Fleet', [{ email: 'boss@fleet.test', role: 'admin' }]);
  return { company, token: addInvitation(company._id, email, options) };
}

describe('The invitation link (issue 30)', () => {
  it('offers a visitor sign up and sign in, keeping the link to come back to', async () => {
    const { token } = invitation('new@fleet.test');
    const { user, router } = renderApp(`/invitations/accept?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Company invitation', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(router.state.location.pathname).toBe('/signup');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/invitations/accept', search: `?token=${token}` },
    });
  });

  it('accepts for the signed-in account and shows the company', async () => {
    const { token, company } = invitation('kim@fleet.test');
    signInAs(addUser({ name: 'Kim Buyer', email: 'kim@fleet.test' }));
    const { user } = renderApp(`/invitations/accept?token=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(/You joined/)).toHaveTextContent('You joined Northline Fleet as a buyer.');
    expect(screen.getByRole('link', { name: 'Go to My company' })).toHaveAttribute('href', '/dashboard/company');
    expect(state.companies.find((c) => c._id === company._id)?.members).toMatchObject([
      { email: 'boss@fleet.test', role: 'admin' },
      { email: 'kim@fleet.test', role: 'buyer' },
    ]);
  });

  it.each([
    [{ expired: true }, 'kim@fleet.test', /has expired/],
    [{ used: true }, 'kim@fleet.test', /has been used already/],
    [{}, 'someone@else.test', /for another e-mail address/],
  ])('says clearly why an invitation cannot be accepted (%o, %s)', async (options, signedIn, message) => {
    const { token } = invitation('kim@fleet.test', options);
    signInAs(addUser({ email: signedIn }));
    const { user } = renderApp(`/invitations/accept?token=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // A refusal is the invitation's answer: the account stays signed in.
    expect(state.signOutCalls).toBe(0);
    expect(screen.getByText(/Signed in as/)).toBeInTheDocument();
  });

  it('says so when the link has no token or an unknown one', async () => {
    signInAs(addUser({ email: 'kim@fleet.test' }));
    const { user } = renderApp('/invitations/accept?token=nope');
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid');
    renderApp('/invitations/accept');
    expect(await screen.findByText(/This link holds no invitation/)).toBeInTheDocument();
    expect(within(document.body).queryAllByRole('button', { name: 'Accept invitation' })).toHaveLength(1);
  });
});
