import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VISITOR_CART_KEY } from '@/lib/cart/visitor-cart.ts';
import { addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { fillFields, productValues } from '@/testing/product-form.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** Issue 30 (PRODUCT.md "Quantity price breaks"): tiers 1–99 $9.40, 100–499 $8.90, 500+ $8.20. */
const tiered = () =>
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
  });

const tierTable = () => screen.findByRole('table', { name: 'Quantity prices' });
const rowOf = async (range: string) =>
  within(await tierTable())
    .getByRole('cell', { name: new RegExp(`^${range}`) })
    .closest('tr')!;
const lineOf = (partNumber: string) =>
  screen.findByRole('listitem', { name: new RegExp(`^${partNumber} `) }).then((item) => within(item));

describe('Purchase page: quantity price breaks', () => {
  it('shows the tier table and marks the tier the quantity reaches, with its unit price and total', async () => {
    const part = tiered();
    signInAs(addUser({ email: 'ann@example.com' }));
    const { user } = renderApp(`/purchase/${part._id}`);
    const table = within(await tierTable());
    expect(table.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'QuantityPrice per unit',
      '1–99Your quantity$9.40',
      '100–499$8.90',
      '500+$8.20',
    ]);
    expect(await rowOf('1–99')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(/\$9\.40 \/ unit × 1 =/)).toHaveTextContent('$9.40 / unit × 1 = Total: $9.40');

    const quantity = screen.getByLabelText('Quantity');
    for (const [typed, range, text] of [
      ['99', '1–99', '$9.40 / unit × 99 = Total: $930.60'],
      ['100', '100–499', '$8.90 / unit × 100 = Total: $890.00'],
      ['499', '100–499', '$8.90 / unit × 499 = Total: $4,441.10'],
      ['500', '500\\+', '$8.20 / unit × 500 = Total: $4,100.00'],
    ] as const) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      expect(await rowOf(range)).toHaveAttribute('aria-current', 'true');
      expect(within(await rowOf(range)).getByText('Your quantity')).toBeInTheDocument();
      expect(screen.getByText(/ \/ unit × /)).toHaveTextContent(text);
    }
    expect(within(await tierTable()).getAllByText('Your quantity')).toHaveLength(1);

    await user.type(screen.getByLabelText('Phone'), '555');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Order Successful')).toBeInTheDocument();
    expect(state.orders.at(-1)).toMatchObject({ quantity: 500, unitPrice: 8.2, price: 4100 });
  });

  it('a part without breaks shows no tier table and its plain total', async () => {
    const part = addPart({ minimunOrder: 2, price: 25 });
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp(`/purchase/${part._id}`);
    expect(await screen.findByText('$50.00')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Quantity prices' })).not.toBeInTheDocument();
  });

  it("the catalogue card names the lowest tier's price", async () => {
    tiered();
    renderApp('/parts');
    const card = (await screen.findByRole('heading', { name: 'Wiper Blade' })).closest('article')!;
    expect(within(card).getByText('from $8.20 at 500+')).toBeInTheDocument();
  });
});

describe('Cart: each line at its tier', () => {
  it("a buyer's line shows the server's unit price for its quantity, and follows a new quantity", async () => {
    const part = tiered();
    const ann = addUser({ email: 'ann@example.com', phone: '555-0199', address: '9 Dock Road' });
    state.carts.set(ann.email, [{ partId: part._id, quantity: 120 }]);
    signInAs(ann);
    const { user } = renderApp('/cart');
    const line = await lineOf('WB-300');
    expect(line.getByText('$8.90')).toBeInTheDocument();
    expect(line.getByText('$1,068.00')).toBeInTheDocument();

    const quantity = line.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '600{Enter}');
    await waitFor(() => expect(line.getByText('$4,920.00')).toBeInTheDocument());
    expect(line.getByText('$8.20')).toBeInTheDocument();
  });

  it("a visitor's line is priced at the public tier of its quantity", async () => {
    const part = tiered();
    window.localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([{ partId: part._id, quantity: 100 }]));
    renderApp('/cart');
    const line = await lineOf('WB-300');
    expect(line.getByText('$8.90')).toBeInTheDocument();
    expect(line.getByText('$890.00')).toBeInTheDocument();
  });
});

describe('Admin product form: price breaks', () => {
  function openAsAdmin(path: string) {
    signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
    return renderApp(path);
  }
  const breakBox = (n: number) => screen.getByRole('group', { name: `Break ${n}` });

  it('adds breaks row by row, shows a wrong one at its field, removes a row, and stores them', async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, document.body, { ...productValues, Price: '9.40' });
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await fillFields(user, breakBox(1), { 'From quantity': '100', 'Price per unit': '8.90' });
    await fillFields(user, breakBox(2), { 'From quantity': '50', 'Price per unit': '8.95' });
    await fillFields(user, breakBox(3), { 'From quantity': '500', 'Price per unit': '8.20' });
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await within(breakBox(2)).findByText('Each break starts above the one before it (100)')).toBeInTheDocument();
    expect(
      within(breakBox(2)).getByText("Each break's price must be below the one before it ($8.90)"),
    ).toBeInTheDocument();
    expect(within(breakBox(2)).getByLabelText('From quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(state.parts).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove break 2' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('item added')).toBeInTheDocument();
    expect(state.parts[0]).toMatchObject({
      price: 9.4,
      priceBreaks: [
        { minQuantity: 100, price: 8.9 },
        { minQuantity: 500, price: 8.2 },
      ],
    });
  });

  it('a break at or above the price is refused at its field; a minimum of 1 too', async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, document.body, { ...productValues, Price: '9.40' });
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await fillFields(user, breakBox(1), { 'From quantity': '1', 'Price per unit': '9.40' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(breakBox(1)).findByText('Break quantity must be at least 2')).toBeInTheDocument();
    expect(state.parts).toHaveLength(0);
    await user.clear(within(breakBox(1)).getByLabelText('From quantity'));
    await user.type(within(breakBox(1)).getByLabelText('From quantity'), '10');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await within(breakBox(1)).findByText("A break's price must be below the part's price ($9.40)"),
    ).toBeInTheDocument();
    expect(state.parts).toHaveLength(0);
  });

  it("shows the server's refusal of a break under its field", async () => {
    server.use(
      http.post('/api/parts', () =>
        HttpResponse.json(
          {
            error: {
              code: 'BAD_REQUEST',
              message: 'Refused',
              fields: { 'priceBreaks.0.price': 'Not below the tier before it' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, document.body, { ...productValues, Price: '9.40' });
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await fillFields(user, breakBox(1), { 'From quantity': '10', 'Price per unit': '9' });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(breakBox(1)).findByText('Not below the tier before it')).toBeInTheDocument();
    expect(within(breakBox(1)).getByLabelText('Price per unit')).toHaveAttribute('aria-invalid', 'true');
  });

  it('the edit form shows the breaks, edits and removes them', async () => {
    const part = tiered();
    const { user } = openAsAdmin(`/dashboard/manage-products/${part._id}/edit`);
    await screen.findByRole('form', { name: 'Edit product' });
    expect(within(breakBox(1)).getByLabelText('From quantity')).toHaveValue('100');
    expect(within(breakBox(2)).getByLabelText('Price per unit')).toHaveValue('8.2');
    const price = within(breakBox(2)).getByLabelText('Price per unit');
    await user.clear(price);
    await user.type(price, '7.99');
    await user.click(screen.getByRole('button', { name: 'Remove break 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('item updated')).toBeInTheDocument();
    expect(part.priceBreaks).toEqual([{ minQuantity: 500, price: 7.99 }]);
  });
});
