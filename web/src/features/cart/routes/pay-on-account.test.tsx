import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  addAddress,
  addCompany,
  addOrder,
  addPart,
  addShippingMethod,
  addUser,
  grantTerms,
  server,
  signInAs,
  state,
} from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** PRODUCT.md §26 on /cart, the order page and the order lists: paying on the company's account. */
function seed(price = 40) {
  const ann = addUser({ email: 'ann@fleet.example', phone: '555-0199' });
  const pads = addPart({ name: 'Brake Pads', partNumber: 'BP-1', minimunOrder: 1, price, weightGrams: 800 });
  addShippingMethod({ name: 'Standard (US)', carrier: 'UPS Ground', freeOver: 10 });
  addAddress(ann.email, { phone: '555-0101' });
  state.carts.set(ann.email, [{ partId: pads._id, quantity: 2 }]);
  return { ann, pads };
}

describe('Pay on account', () => {
  it('is offered only to a buyer whose company has terms', async () => {
    const { ann } = seed();
    signInAs(ann);
    renderApp('/cart');
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeInTheDocument();
    await screen.findByRole('radio', { name: /Standard \(US\)/ });
    expect(screen.queryByRole('radio', { name: /Pay on account/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/PO number/)).not.toBeInTheDocument();
  });

  it('asks for the credit only when the profile names a company with terms (no 404 for everyone else)', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/company/credit') asked.push(request.url);
    });
    const cash = addUser({ email: 'cash@garage.example', phone: '555-0142' });
    const loner = addUser({ email: 'solo@nowhere.example', phone: '555-0143' });
    const fleet = addUser({ email: 'fleet@fleet.example', phone: '555-0144' });
    const pads = addPart({ name: 'Brake Pads', partNumber: 'BP-1', minimunOrder: 1, price: 40, weightGrams: 800 });
    addShippingMethod({ name: 'Standard (US)', carrier: 'UPS Ground', freeOver: 10 });
    addCompany('Cash Only Garage', [{ email: cash.email, role: 'buyer' }]);
    grantTerms(fleet.email, 30, 500);
    for (const who of [cash, loner, fleet]) {
      addAddress(who.email);
      state.carts.set(who.email, [{ partId: pads._id, quantity: 1 }]);
    }

    for (const who of [cash, loner]) {
      signInAs(who);
      const { unmount } = renderApp('/cart');
      // The address has no phone, so checkout asks for one, prefilled once the profile has answered.
      await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue(who.phone));
      expect(screen.queryByRole('radio', { name: /Pay on account/ })).not.toBeInTheDocument();
      unmount();
    }
    expect(asked).toEqual([]);

    signInAs(fleet);
    renderApp('/cart');
    expect(await screen.findByRole('radio', { name: /Pay on account/ })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('places the order on account with a PO number; the order page says when it is due instead of asking for a card', async () => {
    const { ann } = seed();
    grantTerms(ann.email, 30, 500);
    signInAs(ann);
    const { user, router } = renderApp('/cart');
    const account = await screen.findByRole('radio', { name: /Pay on account/ });
    expect(account.closest('label')).toHaveTextContent('Net 30 · $500.00 of $500.00 credit available');
    await user.click(account);
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-7781');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$80.00'));
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/checkout\//));
    const order = state.orders.at(-1)!;
    expect(order.paymentMethod).toBe('account');
    expect(order.account?.poNumber).toBe('PO-7781');
    const note = (await screen.findByText(/is issued to your company/)).closest('[role="status"]')!;
    expect(note).toHaveTextContent(`On account · due ${order.account!.dueOn} · PO PO-7781`);
    expect(note).toHaveTextContent(`Invoice ${order.invoiceNumber} is issued to your company`);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('shows the CREDIT_LIMIT refusal and places nothing', async () => {
    const { ann } = seed(400);
    grantTerms(ann.email, 30, 500);
    signInAs(ann);
    const { user } = renderApp('/cart');
    await user.click(await screen.findByRole('radio', { name: /Pay on account/ }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('$800.00'));
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    expect(
      await screen.findByText(/more than your company's available credit \(\$500\.00 of \$500\.00\)/),
    ).toBeInTheDocument();
    expect(state.orders).toHaveLength(0);
    expect(state.writes).not.toContain('POST /api/checkout');
  });

  it('My orders: PO, due date and Overdue; no Pay and no Cancel; the invoice is there at once', async () => {
    const ann = addUser({ email: 'ann@fleet.example' });
    addOrder({
      email: ann.email,
      name: 'Fleet Filters',
      paymentMethod: 'account',
      invoiceNumber: 'INV-2026-000042',
      account: {
        poNumber: 'PO-OLD',
        netDays: 30,
        dueOn: '2026-01-15',
        paymentRecordedAt: null,
        paymentReference: null,
        paidOn: null,
        remindersSent: 1,
      },
    });
    signInAs(ann);
    renderApp('/dashboard/my-orders');
    const card = (await screen.findByRole('heading', { name: 'Fleet Filters' })).closest('li')!;
    const inCard = within(card);
    expect(card).toHaveTextContent('On account · due 2026-01-15 · PO PO-OLD');
    expect(inCard.getByText('Overdue')).toBeInTheDocument();
    expect(inCard.queryByRole('link', { name: /Pay for/ })).not.toBeInTheDocument();
    expect(inCard.getByRole('button', { name: 'Cancel Fleet Filters' })).toBeDisabled();
    expect(inCard.getByRole('button', { name: /Download invoice INV-2026-000042/ })).toBeInTheDocument();
  });

  it('a shop admin records the payment from the orders list', async () => {
    const admin = addUser({ email: 'admin@torque.example', admin: true });
    addOrder({
      email: 'ann@fleet.example',
      name: 'Fleet Filters',
      paymentMethod: 'account',
      invoiceNumber: 'INV-2026-000043',
      account: {
        poNumber: 'PO-9',
        netDays: 30,
        dueOn: '2099-01-15',
        paymentRecordedAt: null,
        paymentReference: null,
        paidOn: null,
        remindersSent: 0,
      },
    });
    signInAs(admin);
    const { user } = renderApp('/dashboard/manage-all-orders');
    const row = (await screen.findByText('Fleet Filters')).closest('tr')!;
    expect(row).toHaveTextContent('On account · due 2099-01-15 · PO PO-9');
    expect(within(row).queryByText('Overdue')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Record payment, order 1' }));
    await waitFor(() => expect(state.orders[0]!.payment).toBe(true));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Record payment, order 1' })).not.toBeInTheDocument(),
    );
    expect(state.writes).toContain('POST /api/order/:id/record-payment');
  });
});
