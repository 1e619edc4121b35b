import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, http, HttpResponse, server, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const sameAnswer = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

describe('Forgot password and the reset link', () => {
  it('is linked from /login, checks the address, and answers the same whatever the address', async () => {
    const asked: string[] = [];
    server.use(
      http.post('/api/auth/request-password-reset', async ({ request }) => {
        asked.push(((await request.json()) as { email: string }).email);
        return HttpResponse.json(sameAnswer);
      }),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for nobody@example.com');
    expect(asked).toEqual(['nobody@example.com']);
  });

  it("sets the new password with PRODUCT.md §5's rules, then asks to sign in with it", async () => {
    addUser({ email: 'ann@example.com', name: 'Ann', password: 'old-password' });
    let body: unknown;
    const signIns: unknown[] = [];
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        state.users.get('ann@example.com')!.password = (body as { newPassword: string }).newPassword;
        return HttpResponse.json({ status: true });
      }),
      http.post('/api/auth/sign-in/email', async ({ request }) => {
        signIns.push(await request.json());
        return HttpResponse.json({ message: 'not expected' }, { status: 500 });
      }),
    );
    const { user } = renderApp('/reset-password?token=tok-123');
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(body).toEqual({ token: 'tok-123', newPassword: 'new-password-1' });
    expect(signIns).toEqual([]);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  // Issue 24, point 7: a crafted link (someone's own token, any address) must not sign the
  // reader into the sender's account; the page neither signs in nor believes the link's address.
  it('never signs in as the address a link names, nor shows it', async () => {
    addUser({ email: 'attacker@example.com', name: 'Mallory', password: 'old-password' });
    const signIns: unknown[] = [];
    server.use(
      http.post('/api/auth/reset-password', () => HttpResponse.json({ status: true })),
      http.post('/api/auth/sign-in/email', async ({ request }) => {
        signIns.push(await request.json());
        return HttpResponse.json({ message: 'not expected' }, { status: 500 });
      }),
    );
    const { user } = renderApp('/reset-password?token=attackers-token&email=attacker%40example.com');
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.queryByText(/attacker@example\.com/)).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('New password'), 'victims-choice-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(signIns).toEqual([]);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the server’s message for a used or expired link', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Invalid token')).toBeInTheDocument();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});
