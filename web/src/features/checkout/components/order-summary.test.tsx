import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOrder, addUser, signInAs } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/**
 * The order page's summary (`/checkout/:orderId`, issue 30, PRODUCT.md §25–§26): a card order asks
 * "Please pay" and offers the card form; an order on account asks for no card and says
 * "On account · due … · PO …"; a price-list buyer's lines show "Your price" beside the struck
 * public price the order kept.
 */
const ACCOUNT = {
  poNumber: 'PO-5150',
  netDays: 30,
  dueOn: '2099-01-15',
  paymentRecordedAt: null,
  paymentReference: null,
  paidOn: null,
  remindersSent: 0,
};

function open(order: Parameters<typeof addOrder>[0]) {
  signInAs(addUser({ name: 'Bea Buyer', email: 'bea@fleet.example' }));
  const placed = addOrder({ quantity: 10, unitPrice: 25, name: 'Brake Disc', ...order });
  return { ...renderApp(`/checkout/${placed._id}`), order: placed };
}

beforeAll(() => import('../routes/checkout-page.tsx'), 60_000);

describe('Order summary', () => {
  it('a card order: "Please pay" and the card form, no account terms', async () => {
    open({ email: 'bea@fleet.example' });
    expect(await screen.findByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(screen.getByText(/Please pay:/)).toHaveTextContent('Please pay: $250.00');
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByText(/On account/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Your price/)).not.toBeInTheDocument();
  });

  it('an order on account: its total and "On account · due … · PO …", never "Please pay" nor a card form', async () => {
    open({ email: 'bea@fleet.example', paymentMethod: 'account', invoiceNumber: 'INV-2026-000077', account: ACCOUNT });
    expect(await screen.findByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $250.00');
    expect(await screen.findByText(/On account · due/)).toHaveTextContent('On account · due 2099-01-15 · PO PO-5150');
    expect(screen.getByRole('status')).toHaveTextContent('Invoice INV-2026-000077 is issued to your company');
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Pay by/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('a price-list buyer’s lines: "Your price" with the public price they were placed beside struck through', async () => {
    open({
      email: 'bea@fleet.example',
      paymentMethod: 'account',
      invoiceNumber: 'INV-2026-000078',
      account: ACCOUNT,
      quantity: 102,
      price: 837,
      unitPrice: 8.01,
      lines: [
        {
          partId: null,
          partNumber: 'OF-3001',
          name: 'Oil Filter',
          img: '/images/parts/brake-disc.svg',
          quantity: 100,
          unitPrice: 8.01,
          total: 801,
          publicUnitPrice: 8.9,
        },
        {
          partId: null,
          partNumber: 'BD-1',
          name: 'Brake Disc',
          img: '/images/parts/brake-disc.svg',
          quantity: 2,
          unitPrice: 18,
          total: 36,
        },
      ],
    });
    const lines = within(await screen.findByRole('list', { name: '2 lines' }));
    const [filter, disc] = lines.getAllByRole('listitem');
    expect(filter).toHaveTextContent('Your price$8.01');
    expect(within(filter!).getByText('$8.90', { exact: false }).closest('s')).not.toBeNull();
    expect(filter).toHaveTextContent('$801.00');
    expect(disc).toHaveTextContent('2 × $18.00');
    expect(within(disc!).queryByText(/Your price/)).not.toBeInTheDocument();
  });

  it('a one-line order a price list made cheaper: its unit price as "Your price" beside the list price', async () => {
    const line = {
      partId: null,
      partNumber: 'WP-3002',
      name: 'Water Pump',
      img: '/images/parts/brake-disc.svg',
      quantity: 3,
      unitPrice: 18,
      total: 54,
      publicUnitPrice: 20,
    };
    open({ email: 'bea@fleet.example', name: 'Water Pump', quantity: 3, unitPrice: 18, price: 54, lines: [line] });
    const unit = (await screen.findByText(/^Unit price:/)).closest('p')!;
    expect(unit).toHaveTextContent('Unit price: Your price$18.00List price $20.00');
    expect(within(unit).getByText('$20.00', { exact: false }).closest('s')).not.toBeNull();
    expect(screen.getByText(/Please pay:/)).toHaveTextContent('Please pay: $54.00');
  });
});
