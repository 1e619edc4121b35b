import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addAddress, addPart, addShippingMethod, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** PRODUCT.md §20 on /cart: where the order ships, by which method, at what price. */
function openCart() {
  const ann = addUser({ email: 'ann@example.com', phone: '555-0199' });
  signInAs(ann);
  return { ann, ...renderApp('/cart') };
}

function seed() {
  const battery = addPart({ name: 'Battery', partNumber: 'BAT-1', minimunOrder: 1, price: 120, hazardous: true });
  const pads = addPart({ name: 'Brake Pads', partNumber: 'BP-1', minimunOrder: 1, price: 40, weightGrams: 800 });
  const standard = addShippingMethod({ name: 'Standard (US)', carrier: 'UPS Ground', freeOver: 150 });
  const express = addShippingMethod({
    name: 'Express (US)',
    carrier: 'FedEx',
    carriesHazardous: false,
    freeOver: null,
    rates: [{ upToGrams: 10000, price: 24.5 }],
    estimateDays: [1, 2],
  });
  const international = addShippingMethod({
    name: 'International',
    carrier: 'DHL',
    countries: ['DE', 'GB'],
    freeOver: null,
    rates: [{ upToGrams: 20000, price: 39 }],
    estimateDays: [5, 10],
  });
  return { battery, pads, standard, express, international };
}

describe('Cart: delivery', () => {
  it('adds the first address in the cart: a postal code wrong for the country is refused at the field (the contract’s rule, the server’s too)', async () => {
    const { pads } = seed();
    state.carts.set('ann@example.com', [{ partId: pads._id, quantity: 2 }]);
    const { user } = openCart();
    const form = within(await screen.findByRole('form', { name: 'Where should we ship?' }));
    await user.type(form.getByLabelText('Full name'), 'Ann Buyer');
    await user.type(form.getByLabelText('Street and number'), '5 Allee');
    await user.type(form.getByLabelText('City'), 'Berlin');
    await form.findByRole('option', { name: 'Germany' });
    await user.selectOptions(form.getByLabelText('Country'), 'DE');
    await user.type(form.getByLabelText('Postal code'), '1234');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Postal code is not valid for Germany')).toBeInTheDocument();
    expect(form.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(state.writes).not.toContain('POST /api/addresses');

    await user.clear(form.getByLabelText('Postal code'));
    await user.type(form.getByLabelText('Postal code'), '10115');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('radio', { name: /Ann Buyer, 5 Allee, Berlin 10115, Germany/ })).toBeChecked();
    expect(
      await screen.findByRole('radio', { name: /International.*DHL.*5–10 business days.*\$39\.00/ }),
    ).toBeChecked();
    // The total follows the tax quote for the chosen address and method: wait for it, as a buyer does.
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$119.00'));
  });

  it('lists each method’s price and estimate, the free-shipping threshold, and why the others cannot carry the cart', async () => {
    const { pads, express } = seed();
    addAddress('ann@example.com', { label: 'Garage', phone: '555-0101' });
    addAddress('ann@example.com', { label: 'Office', line1: '2 Desk Ave', phone: '555-0102' });
    state.carts.set('ann@example.com', [{ partId: pads._id, quantity: 2 }]);
    const { user, router } = openCart();

    // $80 of goods: Standard is not free yet; Express costs more and comes first only by choice.
    const standard = await screen.findByRole('radio', { name: /Standard \(US\)/ });
    expect(standard).toBeChecked();
    expect(standard.closest('label')).toHaveTextContent('Free from $150.00: add $70.00 more');
    expect(standard.closest('label')).toHaveTextContent('$9.99');
    expect(screen.getByText('International')).toBeInTheDocument();
    expect(screen.getByText(/This method does not ship to US/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Office/ }));
    await user.click(await screen.findByRole('radio', { name: /Express \(US\).*FedEx.*1–2 business days/ }));
    // The total follows the tax quote for the chosen address and method: wait for it, as a buyer does.
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$104.50'));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/checkout\//));
    const order = state.orders.at(-1)!;
    expect(order.shipping).toMatchObject({ methodId: express._id, price: 24.5 });
    expect(order.shippingAddress?.line1).toBe('2 Desk Ave');
    expect(order.price).toBe(104.5);
  });

  it('refuses a method that cannot carry hazardous goods, with the server’s reason; from $150 Standard is free', async () => {
    const { battery } = seed();
    addAddress('ann@example.com', { phone: '555-0101' });
    state.carts.set('ann@example.com', [{ partId: battery._id, quantity: 2 }]);
    openCart();
    const free = await screen.findByRole('radio', { name: /Standard \(US\)/ });
    expect(free.closest('label')).toHaveTextContent('Free on orders from $150.00');
    expect(await screen.findByText(/cannot carry hazardous goods/)).toBeInTheDocument();
    // The total follows the tax quote for the chosen address and method: wait for it, as a buyer does.
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$240.00'));
  });

  it('says so when no method serves the address’s country', async () => {
    const { pads } = seed();
    addAddress('ann@example.com', { name: 'Kai', country: 'JP', postalCode: '100-0001', city: 'Tokyo', region: null });
    state.carts.set('ann@example.com', [{ partId: pads._id, quantity: 1 }]);
    openCart();
    expect(await screen.findByText(/We do not ship to Japan yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
  });
});
