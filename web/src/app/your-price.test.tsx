import type { Cart } from '@torque/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addPart, addUser, http, HttpResponse, server, signInAs } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/**
 * Issue 30 (PRODUCT.md §25): a buyer whose company has a price list is sent `yourPrice` and their
 * own tiers; every screen shows "Your price" with the list price struck through, and never a
 * price the server did not give (the purchase page previews a typed quantity from those tiers).
 */
const listed = (mine = true) =>
  addPart({
    name: 'Wiper Blade',
    partNumber: 'WB-300',
    minimunOrder: 1,
    available: 10_000,
    price: 9.4,
    priceBreaks: [
      { minQuantity: 100, price: 8.9 },
      { minQuantity: 500, price: 8.2 },
    ],
    ...(mine && {
      yourPrice: 8.8,
      yourPriceBreaks: [
        { minQuantity: 100, price: 8.46 },
        { minQuantity: 250, price: 8.45 },
        { minQuantity: 500, price: 7.6 },
      ],
    }),
  });

describe('Your price', () => {
  it('the catalogue card shows Your price, the list price struck through, and the buyer’s lowest tier', async () => {
    listed();
    signInAs(addUser({ email: 'buyer@fleet.test' }));
    renderApp('/parts');
    const card = within((await screen.findByRole('heading', { name: 'Wiper Blade' })).closest('article')!);
    expect(card.getByText('Your price')).toBeInTheDocument();
    expect(card.getByText('$8.80 / unit')).toBeInTheDocument();
    expect(card.getByText('$9.40 / unit', { selector: 's', exact: false })).toBeInTheDocument();
    expect(card.getByText('from $7.60 at 500+')).toBeInTheDocument();
  });

  it('a visitor’s card is unchanged', async () => {
    listed(false);
    renderApp('/parts');
    const card = within((await screen.findByRole('heading', { name: 'Wiper Blade' })).closest('article')!);
    expect(card.queryByText('Your price')).not.toBeInTheDocument();
    expect(card.getByText('from $8.20 at 500+')).toBeInTheDocument();
  });

  it('the purchase page: the tier table in the buyer’s prices, and the typed quantity priced from them', async () => {
    const part = listed();
    signInAs(addUser({ email: 'buyer@fleet.test' }));
    const { user } = renderApp(`/purchase/${part._id}`);
    const table = within(await screen.findByRole('table', { name: 'Quantity prices' }));
    expect(table.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'QuantityPrice per unit',
      '1–99Your quantity$8.80',
      '100–249$8.46',
      '250–499$8.45',
      '500+$7.60',
    ]);
    expect(screen.getAllByText('Your price').length).toBeGreaterThan(0);
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '250');
    expect(screen.getByText(/ \/ unit × /)).toHaveTextContent('$8.45 / unit × 250 = Total: $2,112.50');
  });

  it('a cart line shows the server’s unit price as Your price beside the public one', async () => {
    const part = listed();
    signInAs(addUser({ email: 'buyer@fleet.test' }));
    const cart: Cart = {
      lines: [
        {
          partId: part._id,
          partNumber: part.partNumber,
          brand: part.brand,
          name: part.name,
          img: part.img,
          quantity: 100,
          unitPrice: 8.46,
          publicUnitPrice: 8.9,
          total: 846,
          minimunOrder: 1,
          available: 10_000,
          problem: null,
        },
      ],
      quantity: 100,
      total: 846,
      ready: true,
    };
    server.use(http.get('/api/cart', () => HttpResponse.json(cart)));
    renderApp('/cart');
    const line = within(await screen.findByRole('listitem', { name: /^WB-300 / }));
    expect(line.getByText('Your price')).toBeInTheDocument();
    expect(line.getByText('$8.46')).toBeInTheDocument();
    expect(line.getByText('$8.90', { selector: 's', exact: false })).toBeInTheDocument();
    expect(line.getByText('$846.00')).toBeInTheDocument();
  });
});
