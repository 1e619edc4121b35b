import { screen, waitFor, within } from '@testing-library/react';
import { EXPORT_NOTE } from '@torque/contract';
import { describe, expect, it, vi } from 'vitest';
import { addOrder, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { taxedOrder } from '@/testing/mock-tax.ts';
import { renderApp } from '@/testing/render-app.tsx';

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
const figures = (within_: HTMLElement) =>
  within(within_)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

const paid = { payment: true, paymentId: 'pi_1', paidAt: '2026-11-01T10:00:00.000Z', invoiceNumber: 'INV-2026-000001' };

describe('My Orders: tax (issue 29)', () => {
  it('shows net, tax per rate and gross when the order was taxed; an untaxed order looks as before', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    addOrder(taxedOrder({ email: 'ann@example.com', name: 'Oil Filter', price: 250, ...paid }, 19));
    addOrder({ email: 'ann@example.com', name: 'Brake Disc' });
    renderApp('/dashboard/my-orders');

    await screen.findByRole('heading', { name: 'Your orders: 2' });
    const taxed = cardOf('Oil Filter');
    expect(figures(taxed)).toEqual(
      expect.arrayContaining([
        ['Net (excl. tax)', '$250.00'],
        ['Tax 19 %', '$47.50'],
        ['Gross', '$297.50'],
      ]),
    );
    expect(within(cardOf('Brake Disc')).queryByText('Net (excl. tax)')).not.toBeInTheDocument();
  });

  it('shows the export note, and credit notes as PDFs fetched with the access token', async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    addOrder(
      taxedOrder(
        {
          email: 'ann@example.com',
          name: 'Oil Filter',
          price: 120,
          ...paid,
          refundedAt: '2026-11-02T10:00:00.000Z',
          creditNotes: [{ number: 'CN-2026-000003', issuedAt: '2026-11-02T10:00:00.000Z' }],
        },
        0,
        EXPORT_NOTE,
      ),
    );
    let asked: string | null = null;
    let authorization: string | null = null;
    server.use(
      http.get('/api/order/:id/credit-notes/:file', ({ request }) => {
        asked = new URL(request.url).pathname;
        authorization = request.headers.get('authorization');
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:credit-note');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp('/dashboard/my-orders');

    await screen.findByRole('heading', { name: 'Oil Filter' });
    const card = within(cardOf('Oil Filter'));
    expect(card.getByText(EXPORT_NOTE)).toBeInTheDocument();
    expect(card.getByText(/the payment was given back/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Download credit note CN-2026-000003 (PDF)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(asked).toMatch(/\/credit-notes\/CN-2026-000003\.pdf$/);
    expect(authorization).toMatch(/^Bearer /);
  });
});

describe('Checkout: tax (issue 29)', () => {
  it("shows the order's net, VAT and gross beside 'Please pay'", async () => {
    signInAs(addUser({ email: 'ann@example.com' }));
    const order = addOrder(
      taxedOrder(
        {
          email: 'ann@example.com',
          name: 'Oil Filter',
          price: 100,
          shippingAddress: {
            label: null,
            name: 'Ann',
            company: null,
            line1: '1 Rue',
            line2: null,
            city: 'Paris',
            region: null,
            postalCode: '75001',
            country: 'FR',
            countryName: 'France',
            phone: null,
          },
        },
        20,
      ),
    );
    renderApp(`/checkout/${order._id}`);
    expect(await screen.findByText(/Please pay:/)).toHaveTextContent('Please pay: $120.00');
    expect(screen.getByText('VAT 20 %').nextElementSibling).toHaveTextContent('$20.00');
    expect(screen.getByText('Gross').nextElementSibling).toHaveTextContent('$120.00');
  });
});

describe('Manage All Orders: refunds (issue 29)', () => {
  function openAsAdmin() {
    signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
    return renderApp('/dashboard/manage-all-orders');
  }
  const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr')!;

  it('refunds a paid, unshipped order after a confirm dialog; the credit note appears', async () => {
    addOrder(taxedOrder({ email: 'ann@example.com', name: 'Oil Filter', price: 100, ...paid }, 19));
    addOrder({ email: 'bob@example.com', name: 'Brake Disc' });
    addOrder({
      email: 'cy@example.com',
      name: 'Spark Plug',
      ...paid,
      status: 'shipped',
      shippedAt: '2026-11-03T00:00:00.000Z',
    });
    const { user } = openAsAdmin();

    await screen.findByRole('cell', { name: 'ann@example.com' });
    // Only the paid, unshipped order offers Refund.
    expect(within(rowOf('bob@example.com')).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(rowOf('cy@example.com')).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(figures(rowOf('ann@example.com'))).toContainEqual(['Tax 19 %', '$19.00']);

    await user.click(within(rowOf('ann@example.com')).getByRole('button', { name: /^Refund order/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund this order?' }));
    expect(dialog.getByText('$119.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText(/^Order refunded: credit note CN-\d{4}-\d{6}$/)).toBeInTheDocument();
    const row = within(rowOf('ann@example.com'));
    expect(await row.findByRole('button', { name: /^Download credit note CN-/ })).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(row.getByText('Refunded')).toBeInTheDocument();
    expect(row.getByRole('button', { name: /^Ship Now/ })).toBeDisabled();
    expect(state.writes.filter((w) => w.endsWith('/refund'))).toHaveLength(1);
  });

  it("shows the server's 409 in a toast and Close keeps the order", async () => {
    const order = addOrder({ email: 'ann@example.com', name: 'Oil Filter', ...paid });
    server.use(
      http.post('/api/order/:id/refund', () =>
        HttpResponse.json(
          { error: { code: 'ALREADY_SHIPPED', message: 'A shipped order cannot be refunded here' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = openAsAdmin();
    await user.click(await screen.findByRole('button', { name: /^Refund order/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Refund order/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('A shipped order cannot be refunded here')).toBeInTheDocument();
    expect(order.refundedAt).toBeNull();
  });
});
