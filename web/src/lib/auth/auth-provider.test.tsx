import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, http, HttpResponse, issueToken, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

describe('auth state and the HTTP client (PRODUCT.md §6)', () => {
  it('a 401 from the API signs the user out and removes the stored token', async () => {
    signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
    server.use(
      http.get('/api/review', () =>
        HttpResponse.json({ error: { code: 'SESSION_REVOKED', message: 'Your session has ended' } }, { status: 401 }),
      ),
    );
    renderApp('/');

    await waitFor(() => expect(state.signOutCalls).toBe(1));
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
    expect(state.session).toBeNull();
    expect(await screen.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('a 403 from the API signs the user out too', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    server.use(
      http.get('/api/parts', () => HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'No' } }, { status: 403 })),
    );
    renderApp('/');
    await waitFor(() => expect(state.signOutCalls).toBe(1));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('sends the bearer token on API calls', async () => {
    const token = signInAs(addUser({ email: 'ann@example.com' }));
    let seen: string | null = null;
    server.use(
      http.get('/api/parts', ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    renderApp('/');
    await waitFor(() => expect(seen).toBe(`Bearer ${token}`));
  });

  it('re-exchanges an expired access token once and retries, without signing out', async () => {
    const user = addUser({ email: 'boss@example.com', admin: true });
    state.session = user.email;
    const expired = issueToken(user.email, true);
    window.localStorage.setItem('accessToken', expired);

    renderApp('/dashboard/user');
    expect(await screen.findByRole('heading', { name: 'Make Admin' })).toBeInTheDocument();
    expect(state.signOutCalls).toBe(0);
    expect(state.exchangeCalls).toBe(1);
    expect(window.localStorage.getItem('accessToken')).not.toBe(expired);
  });

  it('signs out when the expired token cannot be renewed (session gone)', async () => {
    const user = addUser({ email: 'ann@example.com' });
    const expired = issueToken(user.email, true);
    window.localStorage.setItem('accessToken', expired);
    // No identity session: get-session says null, so the stale token is dropped.
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
  });

  it('does not send the access token to the identity routes', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    const seen: Array<string | null> = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/auth/')) seen.push(request.headers.get('authorization'));
    });
    renderApp('/');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen.every((value) => value === null)).toBe(true);
    server.events.removeAllListeners();
  });

  it('exchanges a token when a session exists without one (e.g. after the Google popup)', async () => {
    const user = addUser({ name: 'Gail Google', email: 'gail@example.com' });
    state.session = user.email;
    renderApp('/');
    expect(await screen.findAllByRole('button', { name: 'Sign Out' })).not.toHaveLength(0);
    expect(state.exchangeCalls).toBe(1);
    expect(window.localStorage.getItem('accessToken')).toMatch(/^token-/);
  });

  it('Sign Out revokes the session, removes the token and shows Login again', async () => {
    signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
    const { user } = renderApp('/blogs');
    const [signOut] = await screen.findAllByRole('button', { name: 'Sign Out' });
    await user.click(signOut!);
    await waitFor(() => expect(state.signOutCalls).toBe(1));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findAllByRole('link', { name: 'Login' })).not.toHaveLength(0);
  });
});
