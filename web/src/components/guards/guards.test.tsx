import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, holdSession, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const fromOf = (router: ReturnType<typeof renderApp>['router']) =>
  (router.state.location.state as { from?: { pathname: string } } | null)?.from?.pathname;

describe('RequireAuth', () => {
  it('shows a spinner while authentication loads, then redirects to /login keeping the origin', async () => {
    const release = holdSession();
    const { router } = renderApp('/dashboard/my-profile');
    expect(await screen.findByText('Checking your sign-in')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fromOf(router)).toBe('/dashboard/my-profile');
  });

  it('returns to the original page after login', async () => {
    addUser({ name: 'Ann Driver', email: 'ann@example.com', password: 'secret123' });
    const { router, user } = renderApp('/dashboard/my-profile');
    await screen.findByRole('heading', { name: 'Login' });

    // The form arrives in a chunk of its own after the card (login-page.tsx).
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(screen.getByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('guards purchase and checkout too', async () => {
    const { router } = renderApp('/purchase/abc');
    await screen.findByRole('heading', { name: 'Login' });
    expect(fromOf(router)).toBe('/purchase/abc');
  });

  it('lets a signed-in user through', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp('/checkout/order-1');
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('waits for the admin lookup, then signs a non-admin out and sends them to /login with the origin', async () => {
    signInAs(addUser({ email: 'ann@example.com', admin: false }));
    const { router } = renderApp('/dashboard/user');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fromOf(router)).toBe('/dashboard/user');
    expect(state.signOutCalls).toBe(1);
    expect(state.session).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Make Admin' })).not.toBeInTheDocument();
  });

  it('shows admin pages to an admin', async () => {
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    renderApp('/dashboard/user');
    expect(await screen.findByRole('heading', { name: 'Make Admin' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Manage Products' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Add Review' })).not.toBeInTheDocument();
    expect(state.signOutCalls).toBe(0);
  });
});
