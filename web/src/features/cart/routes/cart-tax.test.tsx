import { screen, waitFor, within } from '@testing-library/react';
import { REVERSE_CHARGE_NOTE } from '@torque/contract';
import { describe, expect, it } from 'vitest';
import { addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const summary = () => within(screen.getByRole('region', { name: 'Summary' }));
const taxSummary = () => screen.findByRole('region', { name: 'Tax summary' }).then((region) => within(region));

/** The summary's figures as term → value pairs. */
const figures = (region: ReturnType<typeof within>) =>
  region.getAllByRole('term').map((term: HTMLElement) => [term.textContent, term.nextElementSibling?.textContent]);

function buyerWithCart() {
  const pads = addPart({ name: 'Brake Pad Set', partNumber: 'BP-4471', minimunOrder: 4, price: 12.5 });
  const ann = addUser({ email: 'ann@example.com' });
  state.carts.set(ann.email, [{ partId: pads._id, quantity: 8 }]);
  signInAs(ann);
  return { pads, ann };
}

describe('Cart: tax (issue 29)', () => {
  it('shows goods, shipping, net, VAT per rate and gross from the quote for the default address', async () => {
    buyerWithCart();
    state.taxRates.push({
      _id: '00000000-0000-4000-8000-900000000001',
      country: 'DE',
      region: null,
      rate: 19,
      name: 'VAT',
    });
    state.taxDestination = { country: 'DE', region: null };
    state.taxShipping = 5;
    renderApp('/cart');

    const tax = await taxSummary();
    expect(figures(tax)).toEqual([
      ['Goods', '$100.00'],
      ['Shipping', '$5.00'],
      ['Net (excl. tax)', '$105.00'],
      ['VAT 19 %', '$19.95'],
      ['Total', '$124.95'],
    ]);
    expect(summary().queryByText('Total (excl. tax)')).not.toBeInTheDocument();
  });

  it('shows a US state rate as "Tax 7.25 %", and the quote follows a quantity change', async () => {
    buyerWithCart();
    state.taxRates.push({
      _id: '00000000-0000-4000-8000-900000000002',
      country: 'US',
      region: 'CA',
      rate: 7.25,
      name: 'Sales tax',
    });
    state.taxDestination = { country: 'US', region: 'CA' };
    const { user } = renderApp('/cart');

    expect(figures(await taxSummary())).toContainEqual(['Tax 7.25 %', '$7.25']);
    const line = within(await screen.findByRole('listitem', { name: /^BP-4471 / }));
    const quantity = line.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '16{Enter}');
    await waitFor(async () => expect(figures(await taxSummary())).toContainEqual(['Tax 7.25 %', '$14.50']));
    expect(figures(await taxSummary())).toContainEqual(['Total', '$214.50']);
  });

  it('shows the reverse-charge note for a valid VAT number of another member state', async () => {
    const { ann } = buyerWithCart();
    state.taxRates.push({
      _id: '00000000-0000-4000-8000-900000000003',
      country: 'FR',
      region: null,
      rate: 20,
      name: 'TVA',
    });
    state.taxDestination = { country: 'FR', region: null };
    state.taxIds.set(ann.email, { taxId: 'FR40303265045', country: 'FR', status: 'valid' });
    renderApp('/cart');

    const tax = await taxSummary();
    expect(tax.getByText(REVERSE_CHARGE_NOTE)).toBeInTheDocument();
    expect(figures(tax)).toContainEqual(['Tax', '$0.00']);
    expect(figures(tax)).toContainEqual(['Total', '$100.00']);
  });

  it('says tax comes with an address when the buyer has none, and keeps the net total when the quote fails', async () => {
    buyerWithCart();
    const first = renderApp('/cart');
    expect(await screen.findByText('Tax is added once you choose a delivery address.')).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/tax/quote', () =>
        HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'Try again later' } }, { status: 503 }),
      ),
    );
    renderApp('/cart');
    expect(await screen.findByText('The tax could not be calculated: Try again later')).toBeInTheDocument();
    expect(summary().getByText('Total (excl. tax)')).toBeInTheDocument();
    expect(summary().getByRole('button', { name: 'Check out' })).toBeInTheDocument();
  });

  it('tells a visitor that tax is added at checkout, and asks for no quote', async () => {
    addPart({ name: 'Brake Pad Set', partNumber: 'BP-4471', minimunOrder: 4, price: 12.5 });
    let quoted = false;
    server.use(
      http.get('/api/tax/quote', () => {
        quoted = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/parts');
    // The catalogue's prices are net, and say so.
    expect(await screen.findByText(/\$12\.50 \/ unit/)).toHaveTextContent('$12.50 / unit excl. tax');
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Brake Pad Set' }));
    await user.click(await screen.findByRole('link', { name: /^Cart, 1 line/ }));
    expect(await screen.findByText('Tax is added at checkout, by your delivery address.')).toBeInTheDocument();
    expect(summary().getByText('Total (excl. tax)')).toBeInTheDocument();
    expect(quoted).toBe(false);
  });
});
