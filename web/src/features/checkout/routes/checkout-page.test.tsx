import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOrder, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openCheckout(order: Parameters<typeof addOrder>[0] = { email: 'ann@example.com' }) {
  signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
  const placed = addOrder({ quantity: 10, unitPrice: 25, name: 'Brake Disc', ...order });
  return { ...renderApp(`/checkout/${placed._id}`), order: placed };
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });

// The checkout page is a lazy route. Its first import (Vite transforming it and what it imports)
// happens here, not inside the first test's findBy: under three suites on 2 busy cores that
// import alone outlasted the 15 s a findBy waits (both first tests failed in all three runs).
beforeAll(() => import('./checkout-page.tsx'), 60_000);

describe('Checkout with the sandbox provider', () => {
  it("shows the part, the quantity, 'Please pay: $price' and a card form labelled as test mode", async () => {
    openCheckout();
    expect(await screen.findByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(screen.getByText(/Quantity:/)).toHaveTextContent('Quantity: 10');
    expect(screen.getByText(/Please pay:/)).toHaveTextContent('Please pay: $250.00');
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it("pays with 4242 4242 4242 4242: 'Your Payment is completed' in green with the id, and no second payment", async () => {
    const { user, order } = openCheckout();
    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(payButton());

    const done = await screen.findByText('Your Payment is completed');
    expect(done).toHaveClass('font-semibold');
    expect(done.parentElement).toHaveClass('text-green-700');
    expect(screen.getByText('pi_mock_1')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    // The order is read again and shows paid.
    expect(await screen.findByText('Paid')).toHaveClass('badge');

    expect(state.orders.find((o) => o._id === order._id)).toMatchObject({ payment: true, paymentId: 'pi_mock_1' });
    expect(state.payments).toHaveLength(1);
    // The confirmation recorded the payment: nothing is replayed after it.
    expect(state.writes).toEqual(['POST /api/payments/sandbox/confirm']);
  });

  it('keeps Pay disabled while the payment is under way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('/api/create-payment-intent', async () => {
        await gate;
        return HttpResponse.json({ error: { code: 'HTTP_503', message: 'Try again later' } }, { status: 503 });
      }),
    );
    const { user } = openCheckout();
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    await waitFor(() => expect(payButton()).toBeDisabled());
    release();
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it('shows a declined card in red under the form, leaves the order unpaid, and lets the user try another card', async () => {
    const { user, order } = openCheckout();
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(payButton());

    const error = await screen.findByText('Your card was declined.');
    expect(error).toHaveClass('text-red-700');
    expect(payButton()).toBeEnabled();
    expect(state.orders[0]!.payment).toBe(false);
    expect(state.writes).not.toContain(`PUT /api/order/${order._id}`);

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByText('Your Payment is completed')).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });

  it('shows insufficient funds with its own message', async () => {
    const { user } = openCheckout();
    await fillCard(user, '4000000000009995');
    await user.click(payButton());
    expect(await screen.findByText('Your card has insufficient funds.')).toHaveClass('text-red-700');
  });

  it('checks the card fields before calling anyone', async () => {
    const { user } = openCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText('Your card’s expiration date is incomplete.')).toBeInTheDocument();
    expect(screen.getByText('Your card’s security code is incomplete.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.click(payButton());
    expect(await screen.findByText('Your card’s expiration date is incomplete.')).toBeInTheDocument();
    expect(state.writes).toEqual([]);
  });

  it('retries a failed step after the card was charged, without charging it again', async () => {
    let failures = 1;
    server.use(
      http.put('/api/order/:id', () => {
        if (failures-- > 0)
          return HttpResponse.json(
            { error: { code: 'INTERNAL', message: 'Something went wrong on our side' } },
            { status: 500 },
          );
        return undefined;
      }),
    );
    const { user } = openCheckout();
    await fillCard(user, '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByText('Your Payment is completed')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on our side')).not.toBeInTheDocument();
    expect(state.writes.filter((w) => w === 'POST /api/payments/sandbox/confirm')).toHaveLength(1);
    expect(state.payments).toHaveLength(1);
  });

  it('shows a paid order as paid, without the card form', async () => {
    openCheckout({ email: 'ann@example.com', payment: true, paymentId: 'pi_paid_before' });
    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByText('pi_paid_before')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('says so when the order does not exist', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp('/checkout/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('This order does not exist')).toBeInTheDocument();
  });
});
