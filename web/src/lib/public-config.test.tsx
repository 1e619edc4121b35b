import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { inlinePublicConfig } from './public-config.ts';

/** What server/src/plugins/spa.ts writes into index.html's head. */
function writeDataBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'public-config';
  block.textContent = text;
  document.head.append(block);
}

/** Counts the app's requests for the config, answering with Google on. */
function countConfigRequests() {
  const counter = { requests: 0 };
  server.use(
    http.get('/api/config', () => {
      counter.requests += 1;
      return HttpResponse.json({ paymentProvider: 'sandbox', stripePublishableKey: null, googleEnabled: true });
    }),
  );
  return counter;
}

const googleButton = () => screen.findByRole('button', { name: /continue with google/i });

describe('the public config written into the page', () => {
  afterEach(() => document.getElementById('public-config')?.remove());

  it('is read at start: the sign-in page shows its Google note without asking the API', async () => {
    writeDataBlock('{"paymentProvider":"sandbox","stripePublishableKey":null,"googleEnabled":false}');
    const config = countConfigRequests();
    renderApp('/login');

    // Shown in the first render with the button: nothing to wait for.
    expect(await googleButton()).toBeDisabled();
    expect(screen.getByText('Google sign-in is not configured on this server')).toBeInTheDocument();
    expect(config.requests).toBe(0);
  });

  it('reads back what the server escaped against </script>', () => {
    writeDataBlock(
      '{"paymentProvider":"stripe","stripePublishableKey":"pk_\\u003c/script\\u003e\\u0026","googleEnabled":true}',
    );
    expect(inlinePublicConfig()).toEqual({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_</script>&',
      googleEnabled: true,
    });
  });

  it.each([
    ['no block (the Vite dev server)', null],
    ['a block that is not JSON', '{"googleEnabled":'],
    ['a block of another shape', '{"googleEnabled":"yes"}'],
  ])('falls back to GET /api/config with %s', async (_case, text) => {
    if (text !== null) writeDataBlock(text);
    expect(inlinePublicConfig()).toBeUndefined();
    const config = countConfigRequests();
    renderApp('/login');

    const button = await googleButton();
    await waitFor(() => expect(button).toBeEnabled());
    expect(config.requests).toBe(1);
  });
});
