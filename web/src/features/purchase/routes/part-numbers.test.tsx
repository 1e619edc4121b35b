import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addPart, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { askedNumberNote } from '../components/asked-number.tsx';

/** Issue 26 on the purchase page: the number, brand and references; a discontinued part offers its successor. */
function openPurchase(path: (ids: { old: string; pads: string }) => string) {
  const pads = addPart({
    name: 'Brake Pad Set',
    partNumber: 'BP-4471',
    minimunOrder: 4,
    available: 40,
    crossReferences: [
      { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
      { kind: 'replaces', brand: 'Torque Parts', number: 'BP-4460' },
    ],
  });
  const old = addPart({
    name: 'Brake Pad Set (old)',
    partNumber: 'BP-4460',
    brand: 'Ferodo',
    minimunOrder: 10,
    replacedBy: { _id: pads._id, partNumber: 'BP-4471' },
  });
  signInAs(addUser({ email: 'ann@example.com' }));
  return { ...renderApp(path({ old: old._id, pads: pads._id })), old, pads };
}

describe('Purchase page: part numbers', () => {
  it('shows the number (with a brand not ours) and the references the part is also known by', async () => {
    openPurchase(({ pads }) => `/purchase/${pads}`);
    const number = await screen.findByText('Part number');
    expect(number.nextElementSibling).toHaveTextContent(/^BP-4471$/);
    const known = screen.getByRole('heading', { name: 'Also known as' }).nextElementSibling as HTMLElement;
    expect(
      within(known)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['OE 1K0 698 151 (Volkswagen)', 'Replaces BP-4460']);
    expect(screen.queryByRole('region', { name: /Replaced by/ })).not.toBeInTheDocument();
  });

  it('a discontinued part says "Replaced by", links to the successor and orders it from there', async () => {
    const { user, router, pads } = openPurchase(({ old }) => `/purchase/${old}`);
    const notice = await screen.findByRole('region', { name: 'Replaced by BP-4471' });
    expect(screen.getByText('Part number').nextElementSibling).toHaveTextContent(/^BP-4460 \(Ferodo\)$/);
    expect(within(notice).getByRole('link', { name: 'BP-4471' })).toHaveAttribute('href', `/purchase/${pads._id}`);
    await user.click(within(notice).getByRole('link', { name: 'Order BP-4471 instead' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${pads._id}`));
    expect(await screen.findByRole('heading', { name: 'Brake Pad Set' })).toBeInTheDocument();
    // The successor's own form: its minimum order, not the old part's.
    await waitFor(() => expect(screen.getByLabelText('Quantity')).toHaveValue('4'));
    await user.type(screen.getByLabelText('Phone'), '555-0100');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Order Successful')).toBeInTheDocument();
    expect(state.orders[0]).toMatchObject({ partId: pads._id, partNumber: 'BP-4471', quantity: 4 });
  });

  it('explains why a number opened by link shows this part', () => {
    const part = {
      partNumber: 'BP-4471',
      crossReferences: [
        { kind: 'oe' as const, brand: 'Volkswagen', number: '1K0 698 151' },
        { kind: 'replaces' as const, brand: 'Torque Parts', number: 'BP-4460' },
      ],
    };
    expect(askedNumberNote('bp4471', part)).toBeNull();
    expect(askedNumberNote('1K0698151', part)).toBe('OE 1K0 698 151 (Volkswagen) is sold here as BP-4471.');
    expect(askedNumberNote('bp 4460', part)).toBe('BP-4460 has been replaced by BP-4471.');
    expect(askedNumberNote('BP-4000', part)).toBe('BP-4000 has been replaced by BP-4471.');
  });
});
