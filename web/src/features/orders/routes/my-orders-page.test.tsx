import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addOrder, addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openMyOrders(path = '/dashboard/my-orders') {
  signInAs(addUser({ email: 'ann@example.com' }));
  return renderApp(path);
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('My orders', () => {
  it("lists the customer's orders under 'Your orders: {count}' (also the dashboard's index)", async () => {
    addOrder({ email: 'ann@example.com', name: 'Brake Disc', quantity: 12, unitPrice: 25 });
    addOrder({ email: 'ann@example.com', name: 'Oil Filter', payment: true, paymentId: 'pi_123' });
    addOrder({ email: 'someone-else@example.com', name: 'Spark Plug' });
    openMyOrders('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Your orders: 2' })).toBeInTheDocument();
    expect(screen.queryByText('Spark Plug')).not.toBeInTheDocument();

    const unpaid = cardOf('Brake Disc');
    expect(within(unpaid).getByText('12')).toBeInTheDocument();
    expect(within(unpaid).getByText('$300.00')).toBeInTheDocument();
    expect(within(unpaid).getByText('Ventilated front brake disc.')).toBeInTheDocument();
    expect(within(unpaid).getByRole('link', { name: 'Pay for Brake Disc' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/checkout\//),
    );
    expect(within(unpaid).getByRole('button', { name: 'Cancel Brake Disc' })).toBeEnabled();
    expect(within(unpaid).queryByText('Payment id')).not.toBeInTheDocument();

    const paid = cardOf('Oil Filter');
    expect(within(paid).getByText('pi_123')).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Paid' })).toBeDisabled();
    expect(within(paid).getByRole('button', { name: 'Cancel Oil Filter' })).toBeDisabled();
    expect(within(paid).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("Cancel asks 'Are you sure you want to delete?' with the item's name; Close keeps the order", async () => {
    addOrder({ email: 'ann@example.com', name: 'Brake Disc' });
    const { user } = openMyOrders();
    await user.click(await screen.findByRole('button', { name: 'Cancel Brake Disc' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete?' });
    expect(within(dialog).getByText('Brake Disc')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.orders).toHaveLength(1);
    expect(state.writes).toEqual([]);
  });

  it('Delete cancels the order, returns its units to stock and updates the list', async () => {
    const part = addPart({ available: 40 });
    addOrder({ email: 'ann@example.com', name: 'Brake Disc', partId: part._id, quantity: 10 });
    const { user } = openMyOrders();
    await user.click(await screen.findByRole('button', { name: 'Cancel Brake Disc' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your orders: 0' })).toBeInTheDocument();
    expect(state.orders).toHaveLength(0);
    expect(part.available).toBe(50);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'No orders yet' with a way to the catalogue", async () => {
    openMyOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/#parts');
  });

  it('offers "Download invoice" on paid orders only, fetched with the access token', async () => {
    addOrder({
      email: 'ann@example.com',
      name: 'Oil Filter',
      payment: true,
      paymentId: 'pi_9',
      invoiceNumber: 'INV-2026-000007',
    });
    addOrder({ email: 'ann@example.com', name: 'Brake Disc' });
    let authorization: string | null = null;
    server.use(
      http.get('/api/order/:id/invoice.pdf', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:invoice');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const { user } = openMyOrders();
    await screen.findByRole('heading', { name: 'Your orders: 2' });
    expect(within(cardOf('Brake Disc')).queryByText('Download invoice')).not.toBeInTheDocument();
    await user.click(within(cardOf('Oil Filter')).getByRole('button', { name: /^Download invoice INV-2026-000007/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(authorization).toMatch(/^Bearer /);
  });
});
