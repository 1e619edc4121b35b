import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addUser, http, HttpResponse, server, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { AUTH_COMPLETE_TYPE } from '../utils/google-popup.ts';

function enableGoogle() {
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ paymentProvider: 'sandbox', stripePublishableKey: null, googleEnabled: true }),
    ),
  );
}

async function googleButton() {
  const button = await screen.findByRole('button', { name: /continue with google/i });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('Continue with google', () => {
  afterEach(() => vi.useRealTimers());

  it('opens the 500×600 popup and signs in when the popup reports back', async () => {
    enableGoogle();
    const popup = { closed: false, focus: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const { user, router } = renderApp({ pathname: '/login', state: { from: { pathname: '/dashboard/my-profile' } } });

    await user.click(await googleButton());
    expect(open).toHaveBeenCalledWith('/api/auth/google/popup', 'google-signin', 'width=500,height=600');

    // The server finished the OAuth flow: a session now exists; /auth/complete posts to us.
    state.session = addUser({ name: 'Gail Google', email: 'gail@example.com' }).email;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: AUTH_COMPLETE_TYPE }, origin: window.location.origin }),
      );
    });

    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(window.localStorage.getItem('accessToken')).toMatch(/^token-/);
  });

  it('notices a closed popup by polling every 2 seconds', async () => {
    enableGoogle();
    const popup = { closed: false, focus: vi.fn() } as { closed: boolean; focus: () => void };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user } = renderApp('/login');
    const button = await googleButton();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(button);
    state.session = addUser({ name: 'Gail Google', email: 'gail@example.com' }).email;
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    vi.useRealTimers();

    expect(await screen.findAllByRole('button', { name: 'Sign Out' })).not.toHaveLength(0);
  });

  it('ignores messages from another origin', async () => {
    enableGoogle();
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus: vi.fn() } as unknown as Window);
    const { user } = renderApp('/login');
    await user.click(await googleButton());
    state.session = addUser({ email: 'gail@example.com' }).email;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: AUTH_COMPLETE_TYPE }, origin: 'https://evil.example' }),
      );
      // Then one from the page's own origin: once its answer shows, the first was handled too.
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: AUTH_COMPLETE_TYPE, error: 'access_denied' },
          origin: window.location.origin,
        }),
      );
    });
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
    expect(state.exchangeCalls).toBe(0);
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('says so when the popup is blocked', async () => {
    enableGoogle();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp('/login');
    await user.click(await googleButton());
    expect(await screen.findByText(/sign-in window was blocked/i)).toHaveClass('text-red-700');
  });

  it('shows the error the popup reports', async () => {
    enableGoogle();
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus: vi.fn() } as unknown as Window);
    const { user } = renderApp('/login');
    await user.click(await googleButton());
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: AUTH_COMPLETE_TYPE, error: 'access_denied' },
          origin: window.location.origin,
        }),
      );
    });
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeInTheDocument();
  });
});

describe('/auth/complete', () => {
  it('tells the opener and closes the popup', async () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    try {
      renderApp('/auth/complete');
      await waitFor(() => expect(close).toHaveBeenCalled());
      expect(postMessage).toHaveBeenCalledWith({ type: AUTH_COMPLETE_TYPE }, window.location.origin);
    } finally {
      Object.defineProperty(window, 'opener', { value: null, configurable: true });
    }
  });
});
