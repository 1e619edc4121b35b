import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, http, HttpResponse, server, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Login' });
  // The form arrives in a chunk of its own after the card (login-page.tsx).
  await screen.findByRole('button', { name: 'Login' });
  return app;
}

describe('Login form (PRODUCT.md §5 messages)', () => {
  it("says 'Email is Required' and 'Password is required' when both are empty", async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('error message')).not.toBeInTheDocument();
  });

  it("says 'error message' for an email without three letters", async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), '12@34.56');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('error message')).toBeInTheDocument();
    expect(screen.queryByText('Email is Required')).not.toBeInTheDocument();
  });

  it("says 'Must be 6 characters or longer' for a short password", async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it("shows the identity provider's message in small red text and signs nobody in", async () => {
    addUser({ email: 'ann@example.com', password: 'right-password' });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const message = await screen.findByText('Invalid email or password');
    expect(message).toHaveClass('text-sm', 'text-red-700');
    expect(message).toHaveAttribute('role', 'alert');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    // A 401 from a sign-in attempt is an answer, not a reason to sign out.
    expect(state.signOutCalls).toBe(0);
  });

  it("shows a rate limit's message", async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({ message: 'Too many requests. Please try again later.' }, { status: 429 }),
      ),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toHaveClass('text-red-700');
  });

  it('signs in: stores the access token, shows the name and Sign Out, and goes home', async () => {
    addUser({ name: 'Ann Driver', email: 'ann@example.com', password: 'secret123' });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findAllByRole('button', { name: 'Sign Out' })).not.toHaveLength(0);
    expect(screen.getAllByText('Ann Driver')).not.toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('accessToken')).toMatch(/^token-/);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Dashboard' })).not.toHaveLength(0);
  });

  it('shows the Google button disabled with a note when Google is not configured', async () => {
    await openLogin();
    const google = screen.getByRole('button', { name: /continue with google/i });
    await waitFor(() =>
      expect(screen.getByText('Google sign-in is not configured on this server')).toBeInTheDocument(),
    );
    expect(google).toBeDisabled();
  });
});
