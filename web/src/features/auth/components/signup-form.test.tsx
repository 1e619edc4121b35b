import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

// The signup page and its form are lazy chunks. Their first import (Vite transforming them)
// happens here, not inside the first test's findBy, which it outlasted on a busy machine.
beforeAll(() => Promise.all([import('../routes/signup-page.tsx'), import('./signup-form.tsx')]), 60_000);

async function openSignup() {
  const app = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Sign Up' });
  // The form arrives in a chunk of its own after the card (signup-page.tsx).
  await screen.findByRole('button', { name: 'SignUp' });
  return app;
}

describe('Signup form (PRODUCT.md §5 messages)', () => {
  it("says 'Name is Required', 'Email is Required' and 'Password is required' when empty", async () => {
    const { user } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'SignUp' }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("says 'error message' and 'Must be 6 characters or longer' for a bad email and a short password", async () => {
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'x@1.2');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'SignUp' }));
    expect(await screen.findByText('error message')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(screen.queryByText('Name is Required')).not.toBeInTheDocument();
  });

  it('takes a name of at most 100 characters, as the server does (contract TEXT_MAX)', async () => {
    const { user } = await openSignup();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('W'.repeat(101));
    await user.type(screen.getByLabelText('Email'), 'long@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'SignUp' }));
    expect(await screen.findByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(state.exchangeCalls).toBe(0);
  });

  it("shows the identity provider's error in small red text", async () => {
    addUser({ email: 'taken@example.com' });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'SignUp' }));
    expect(await screen.findByText('User already exists. Use another email.')).toHaveClass('text-sm', 'text-red-700');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('creates the account, exchanges the access token and lands on the dashboard', async () => {
    const { user, router } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'New Driver');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'SignUp' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(state.exchangeCalls).toBe(1);
    expect(window.localStorage.getItem('accessToken')).toMatch(/^token-/);
  });

  it('redirects a signed-in visitor to /dashboard', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    const { router } = renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
