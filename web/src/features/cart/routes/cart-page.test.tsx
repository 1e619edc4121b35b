import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addAddress, addPart, addShippingMethod, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { VISITOR_CART_KEY } from '@/lib/cart/visitor-cart.ts';

const cartLink = (name: string) => screen.findByRole('link', { name });
const lineOf = (partNumber: string) =>
  screen.findByRole('listitem', { name: new RegExp(`^${partNumber} `) }).then((item) => within(item));

function seedParts() {
  const pads = addPart({ name: 'Brake Pad Set', partNumber: 'BP-4471', minimunOrder: 4, available: 200, price: 12.5 });
  const disc = addPart({
    name: 'Brake Disc',
    partNumber: 'BD-2210',
    minimunOrder: 2,
    available: 50,
    price: 40,
    brand: 'Torque Parts',
    crossReferences: [{ kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' }],
  });
  const filter = addPart({ name: 'Oil Filter', partNumber: 'OF-100', minimunOrder: 20, available: 500, price: 3 });
  return { pads, disc, filter };
}

describe('Cart: a visitor', () => {
  it('adds the minimum order from a catalogue card, sees it in /cart, and signs in: the lines join the account', async () => {
    const { pads } = seedParts();
    const ann = addUser({ email: 'ann@example.com', password: 'secret123' });
    const { user, router } = renderApp('/parts');

    await user.click(await screen.findByRole('button', { name: 'Add to cart: Brake Pad Set' }));
    expect(await screen.findByText(/Added 4 to your cart/)).toBeInTheDocument();
    await user.click(await cartLink('Cart, 1 line'));

    const line = await lineOf('BP-4471');
    expect(line.getByLabelText(/Quantity/)).toHaveValue('4');
    expect(line.getByText('$50.00')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in to check out' }));

    await user.type(await screen.findByLabelText('Email'), ann.email);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    await waitFor(() => expect(state.carts.get(ann.email)).toEqual([{ partId: pads._id, quantity: 4 }]));
    expect(window.localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
    expect(await cartLink('Cart, 1 line')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeInTheDocument();
  });

  it('edits and removes lines in the browser, and flags a quantity below the minimum', async () => {
    const { pads, disc } = seedParts();
    window.localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([
        { partId: pads._id, quantity: 4 },
        { partId: disc._id, quantity: 2 },
      ]),
    );
    const { user } = renderApp('/cart');
    const line = await lineOf('BP-4471');
    const quantity = line.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '3{Enter}');
    expect(await line.findByText('you Can not add less than Minimum Order Quantity')).toBeInTheDocument();

    await user.click((await lineOf('BD-2210')).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^BD-2210 / })).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem(VISITOR_CART_KEY)!)).toEqual([{ partId: pads._id, quantity: 3 }]);
    expect(await cartLink('Cart, 1 line')).toBeInTheDocument();
  });
});

describe('Cart: a signed-in buyer', () => {
  function openCart() {
    const ann = addUser({ email: 'ann@example.com', phone: '555-0199', address: '9 Dock Road' });
    signInAs(ann);
    return { ann, ...renderApp('/cart') };
  }

  it('quick order: says what was added (and by which reference), flags a line, lists the errors by line number', async () => {
    seedParts();
    const { user } = openCart();
    await user.type(
      await screen.findByLabelText(/Paste lines of/),
      'BP-4471, 8\n1K0 698 151\t2\nOF-100  5\nNOPE-1, 3\nBP-4471, many',
    );
    await user.click(screen.getByRole('button', { name: 'Add lines to cart' }));

    const added = within(await screen.findByRole('list', { name: 'Added' }));
    expect(added.getByText(/Line 2:/).closest('li')).toHaveTextContent(
      'Line 2: BD-2210 × 2 (matched OE 1K0 698 151 (Volkswagen))',
    );
    expect(added.getByText(/Line 3:/).closest('li')).toHaveTextContent(
      'Line 3: OF-100 × 5you Can not add less than Minimum Order Quantity',
    );
    const notAdded = within(screen.getByRole('list', { name: 'Not added' }));
    expect(notAdded.getByText(/^Line 4: /)).toBeInTheDocument();
    expect(notAdded.getByText(/^Line 5: /)).toBeInTheDocument();
    expect(state.writes).toContain('POST /api/cart/quick-order text/plain');

    const filter = await lineOf('OF-100');
    expect(filter.getByText('you Can not add less than Minimum Order Quantity')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
    expect(await cartLink('Cart, 3 lines')).toBeInTheDocument();
  });

  it('uploads a CSV file as text/csv', async () => {
    seedParts();
    const { user } = openCart();
    const file = new File(['part number,quantity\nBP-4471,8\n'], 'order.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText(/upload a CSV file/), file);
    expect(await screen.findByText(/Added 1 line to your cart/)).toBeInTheDocument();
    expect(state.writes).toContain('POST /api/cart/quick-order text/csv');
  });

  it('fixes a flagged quantity, ships to the default address by the cheapest method, and goes to pay for the one order', async () => {
    const { pads, filter } = seedParts();
    addShippingMethod({ name: 'Standard (US)', freeOver: null });
    addAddress('ann@example.com', { label: 'Garage', line1: '9 Dock Road' });
    state.carts.set('ann@example.com', [
      { partId: pads._id, quantity: 8 },
      { partId: filter._id, quantity: 5 },
    ]);
    const { user, router } = openCart();
    const line = await lineOf('OF-100');
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();

    const quantity = line.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '20{Enter}');
    await waitFor(() => expect(line.queryByText(/Minimum Order/)).not.toBeInTheDocument());
    expect(line.getByText('$60.00')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Garage.*9 Dock Road/ })).toBeChecked();
    // 28 parts of 1 kg: the 30 kg band.
    expect(await screen.findByRole('radio', { name: /Standard \(US\).*\$19\.99/ })).toBeChecked();
    // The address has no phone: the profile's is asked for, prefilled.
    expect(await screen.findByLabelText('Phone')).toHaveValue('555-0199');
    // The total follows the tax quote for the chosen address and method: wait for it, as a buyer does.
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$179.99'));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/checkout\//));
    const order = state.orders.at(-1)!;
    expect(router.state.location.pathname).toBe(`/checkout/${order._id}`);
    expect(order.lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['BP-4471', 8],
      ['OF-100', 20],
    ]);
    expect(order.shipping).toMatchObject({ name: 'Standard (US)', price: 19.99, weightGrams: 28000 });
    expect(order.phone).toBe('555-0199');
    expect(await screen.findByText('$179.99')).toBeInTheDocument();
  });

  it("shows checkout's refusal on the line it names", async () => {
    const { pads } = seedParts();
    state.carts.set('ann@example.com', [{ partId: pads._id, quantity: 8 }]);
    addShippingMethod();
    addAddress('ann@example.com', { phone: '555-0101' });
    const { user } = openCart();
    await lineOf('BP-4471');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled());
    pads.available = 5; // sold elsewhere since the cart was read
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const line = await lineOf('BP-4471');
    expect(await line.findByText('you Can not add higher than available Quantity')).toBeInTheDocument();
  });

  it('replaces a superseded part with its successor', async () => {
    const { pads } = seedParts();
    const old = addPart({
      name: 'Old Pads',
      partNumber: 'BP-1000',
      replacedBy: { _id: pads._id, partNumber: 'BP-4471' },
    });
    state.carts.set('ann@example.com', [{ partId: old._id, quantity: 8 }]);
    const { user } = openCart();
    const line = await lineOf('BP-1000');
    expect(line.getByText('This part is replaced by BP-4471')).toBeInTheDocument();
    await user.click(line.getByRole('button', { name: 'Replace with BP-4471' }));
    expect(await lineOf('BP-4471')).toBeTruthy();
    expect(state.carts.get('ann@example.com')).toEqual([{ partId: pads._id, quantity: 8 }]);
  });
});
