import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addOrder, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/**
 * Stripe.js comes from js.stripe.com, which tests cannot reach: its two packages are replaced
 * by stand-ins that record what the checkout asks of them. What is under test is our wiring —
 * the key from /api/config, confirmCardPayment with the intent's secret and the billing email,
 * and what the page does with Stripe's answer.
 */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  cardElement: { kind: 'card-element' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.cardElement }),
}));

/** Stripe.js is loaded once per key for the page's life: a test that needs a fresh load uses its own key. */
function openStripeCheckout(stripePublishableKey = 'pk_test_123') {
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ paymentProvider: 'stripe', stripePublishableKey, googleEnabled: false }),
    ),
  );
  signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
  const order = addOrder({ email: 'ann@example.com', quantity: 4, unitPrice: 25 });
  return { ...renderApp(`/checkout/${order._id}`), order };
}

describe('Checkout with the Stripe provider', () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset().mockResolvedValue({});
    stripe.confirmCardPayment.mockReset();
  });

  it('loads Stripe with the key from /api/config and confirms with the billing email', async () => {
    stripe.confirmCardPayment.mockImplementation(async () => {
      // What Stripe (and its webhook) would do on the server's side.
      const intent = state.intents[0]!;
      intent.status = 'succeeded';
      return { paymentIntent: { id: intent.id, status: 'succeeded' } };
    });
    const { user, order } = openStripeCheckout();
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Your Payment is completed')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_mock_1_secret_x', {
      payment_method: { card: stripe.cardElement, billing_details: { email: 'ann@example.com' } },
    });
    expect(state.orders.find((o) => o._id === order._id)).toMatchObject({ payment: true, paymentId: 'pi_mock_1' });
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it("shows Stripe's card error in red under the form", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user } = openStripeCheckout();
    await screen.findByTestId('stripe-card-element');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-red-700');
    expect(state.orders[0]!.payment).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    openStripeCheckout('pk_test_unreachable');
    expect(await screen.findByText(/could not be loaded from Stripe/)).toHaveClass('text-red-700');
  });
});
