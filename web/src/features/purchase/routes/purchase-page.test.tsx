import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openPurchase(part = addPart({ name: 'Brake Disc', minimunOrder: 10, available: 50, price: 25 })) {
  signInAs(addUser({ name: 'Ann Driver', email: 'ann@example.com' }));
  const app = renderApp(`/purchase/${part._id}`);
  return { ...app, part };
}

const quantityInput = () => screen.findByLabelText('Quantity');
const orderButton = () => screen.getByRole('button', { name: 'Order' });

describe('Purchase page', () => {
  it('shows the user, the part and a form with the email fixed and the quantity at the minimum order', async () => {
    openPurchase();
    expect(await quantityInput()).toHaveValue('10');
    expect(screen.getByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(screen.getByText('Ventilated front brake disc.')).toBeInTheDocument();
    expect(screen.getByText(/Ordering as/)).toHaveTextContent('Ordering as Ann Driver (ann@example.com)');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText(/\$25\.00 \/ unit/)).toHaveTextContent('$25.00 / unit excl. tax');
    expect(screen.getByText('$250.00')).toBeInTheDocument();
    expect(orderButton()).toBeEnabled();
  });

  it('shows the quantity messages as the user types and disables Order', async () => {
    const { user } = openPurchase();
    const quantity = await quantityInput();

    await user.clear(quantity);
    await user.type(quantity, '9');
    expect(screen.getByText('you Can not add less than Minimum Order Quantity')).toBeInTheDocument();
    expect(orderButton()).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '51');
    expect(screen.getByText('you Can not add higher than available Quantity')).toBeInTheDocument();
    expect(screen.queryByText('you Can not add less than Minimum Order Quantity')).not.toBeInTheDocument();
    expect(orderButton()).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '50');
    expect(screen.queryByText(/you Can not add/)).not.toBeInTheDocument();
    expect(orderButton()).toBeEnabled();
  });

  it("says 'Stock out' and keeps Order disabled when nothing is left", async () => {
    openPurchase(addPart({ available: 0, minimunOrder: 5 }));
    expect(await screen.findByText('Stock out')).toBeInTheDocument();
    expect(orderButton()).toBeDisabled();
    expect(screen.getByLabelText('Quantity')).toBeDisabled();
  });

  it("orders: 'Order Successful', the stock shown drops, and Pay now leads to the checkout", async () => {
    const { user, part, router } = openPurchase();
    const quantity = await quantityInput();
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.type(screen.getByLabelText('Phone'), '555-0101');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.click(orderButton());

    expect(await screen.findByText('Order Successful')).toBeInTheDocument();
    expect(state.orders).toHaveLength(1);
    const [order] = state.orders;
    expect(order).toMatchObject({ partId: part._id, quantity: 12, email: 'ann@example.com', phone: '555-0101' });

    // The part is read again: 50 − 12 left.
    const details = screen.getByRole('article');
    await waitFor(() => expect(within(details).getByText('38')).toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Pay now' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/checkout/${order!._id}`);
  });

  it('asks for phone and address before ordering', async () => {
    const { user } = openPurchase();
    await quantityInput();
    await user.click(orderButton());
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(state.orders).toHaveLength(0);
  });

  it("shows the server's refusal when the stock ran out meanwhile", async () => {
    server.use(
      http.post('/api/order', () =>
        HttpResponse.json(
          { error: { code: 'ABOVE_AVAILABLE', message: 'you Can not add higher than available Quantity' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = openPurchase();
    await quantityInput();
    await user.type(screen.getByLabelText('Phone'), '555-0101');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.click(orderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('you Can not add higher than available Quantity');
  });

  it('says so when the part does not exist', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp('/purchase/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('This part is not in the catalogue')).toBeInTheDocument();
  });
});
