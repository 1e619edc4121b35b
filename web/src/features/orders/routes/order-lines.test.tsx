import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addOrder, addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const line = (partId: string | null, partNumber: string, name: string, quantity: number, unitPrice: number) => ({
  partId,
  partNumber,
  name,
  img: '/images/parts/brake-disc.svg',
  quantity,
  unitPrice,
  total: quantity * unitPrice,
});

function severalLines(
  email: string,
  pads: { _id: string },
  disc: { _id: string },
  extra: Partial<Parameters<typeof addOrder>[0]> = {},
) {
  return addOrder({
    email,
    name: 'Brake Pad Set and 1 more part',
    quantity: 10,
    price: 180,
    unitPrice: 12,
    payment: true,
    paymentId: 'pi_1',
    invoiceNumber: 'INV-2026-000001',
    lines: [line(pads._id, 'BP-4471', 'Brake Pad Set', 8, 12), line(disc._id, 'BD-2210', 'Brake Disc', 2, 42)],
    ...extra,
  });
}

describe("Orders' lines (issue 27)", () => {
  it('My Orders lists the lines of an order of several, and a one-line order looks as before', async () => {
    const pads = addPart({ partNumber: 'BP-4471', price: 12 });
    const disc = addPart({ partNumber: 'BD-2210', price: 42 });
    severalLines('ann@example.com', pads, disc);
    addOrder({ email: 'ann@example.com', name: 'Oil Filter', quantity: 20, unitPrice: 3 });
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp('/dashboard/my-orders');

    const card = (await screen.findByRole('heading', { name: 'Brake Pad Set and 1 more part' })).closest('li')!;
    const lines = within(within(card).getByRole('list', { name: '2 lines' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'BP-4471Brake Pad Set8 × $12.00$96.00',
      'BD-2210Brake Disc2 × $42.00$84.00',
    ]);
    const single = screen.getByRole('heading', { name: 'Oil Filter' }).closest('li')!;
    expect(within(single).queryByRole('list')).not.toBeInTheDocument();
  });

  it('Order again puts the lines in the cart and the cart says what changed', async () => {
    const pads = addPart({ partNumber: 'BP-4471', name: 'Brake Pad Set', price: 13.5, minimunOrder: 4 });
    const disc = addPart({ partNumber: 'BD-2210', name: 'Brake Disc', price: 42, minimunOrder: 2 });
    severalLines('ann@example.com', pads, disc);
    signInAs(addUser({ email: 'ann@example.com' }));
    const { user, router } = renderApp('/dashboard/my-orders');

    await user.click(await screen.findByRole('button', { name: 'Order again: Brake Pad Set and 1 more part' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const changes = await screen.findByText(/Since you ordered it/);
    expect(changes.closest('[aria-live]')).toHaveTextContent(
      'BP-4471 Brake Pad Set: price changed from $12.00 to $13.50',
    );
    expect(await screen.findByRole('listitem', { name: /^BD-2210 / })).toBeInTheDocument();
    expect(state.carts.get('ann@example.com')).toEqual([
      { partId: pads._id, quantity: 8 },
      { partId: disc._id, quantity: 2 },
    ]);
  });

  it('Manage All Orders shows the lines under the order', async () => {
    const pads = addPart({ partNumber: 'BP-4471' });
    const disc = addPart({ partNumber: 'BD-2210' });
    severalLines('ann@example.com', pads, disc);
    // The dashboard's menu counts open contact messages.
    server.use(http.get('/api/contact', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    signInAs(addUser({ email: 'admin@example.com', admin: true }));
    renderApp('/dashboard/manage-all-orders');
    const lines = await screen.findByRole('list', { name: '2 lines' });
    expect(within(lines).getByText('BD-2210')).toBeInTheDocument();
  });
});
