import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addPart, addUser, signInAs } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** Issue 26 on the catalogue: numbers on the cards, which reference a search matched, a link by number. */
function seedPads() {
  const old = addPart({ name: 'Brake Pad Set (old)', partNumber: 'BP-4460' });
  const pads = addPart({
    name: 'Brake Pad Set',
    partNumber: 'BP-4471',
    crossReferences: [
      { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
      { kind: 'competitor', brand: 'TRW', number: 'GDB1550' },
      { kind: 'replaces', brand: 'Torque Parts', number: 'BP-4460' },
    ],
  });
  old.replacedBy = { _id: pads._id, partNumber: pads.partNumber };
  const disc = addPart({ name: 'Brake Disc', partNumber: 'BD-3201', brand: 'Brembo' });
  return { old, pads, disc };
}

const card = (name: string) =>
  screen.getAllByRole('article').find((a) => within(a).queryByRole('heading', { name: new RegExp(`^${name}$`) }))!;

describe('Catalogue: part numbers', () => {
  it('shows each card’s number, and the brand only when it is not ours', async () => {
    seedPads();
    renderApp('/parts');
    await screen.findByText('3 parts');
    expect(within(card('Brake Pad Set')).getByText('Part number').nextElementSibling).toHaveTextContent(/^BP-4471$/);
    expect(within(card('Brake Disc')).getByText('Part number').nextElementSibling).toHaveTextContent(
      /^BD-3201 \(Brembo\)$/,
    );
  });

  it('a search by an OE number puts the part first and says which reference matched', async () => {
    seedPads();
    renderApp(`/parts?q=${encodeURIComponent('1k0-698-151')}`);
    const [first] = await screen.findAllByRole('article');
    expect(within(first!).getByRole('heading', { level: 2 })).toHaveTextContent('Brake Pad Set');
    expect(within(first!).getByText('OE 1K0 698 151 (Volkswagen)')).toBeInTheDocument();
    expect(first).toHaveTextContent('Found by OE 1K0 698 151 (Volkswagen)');
  });

  it('names a competitor’s and a replaced number; the part’s own number is highlighted instead', async () => {
    seedPads();
    const { unmount } = renderApp('/parts?q=GDB1550');
    expect(await screen.findByText('Competitor GDB1550 (TRW)')).toBeInTheDocument();
    unmount();

    renderApp('/parts?q=bp4460');
    const [first, second] = await screen.findAllByRole('article');
    // The old part's own number ranks with the successor that replaces it; the old one says so.
    const old = [first!, second!].find((a) => within(a).queryByRole('heading', { name: 'Brake Pad Set (old)' }))!;
    const successor = [first!, second!].find((a) => a !== old)!;
    expect(within(old).getByText('BP-4460').tagName).toBe('MARK');
    expect(within(old).getByText(/Replaced by/)).toHaveTextContent('Replaced by BP-4471');
    expect(within(successor).getByText('Replaces BP-4460')).toBeInTheDocument();
    expect(within(successor).getByText('BP-4471').tagName).toBe('SPAN');
  });

  it('/parts/number/:number opens the part; a discontinued number opens its successor, saying so', async () => {
    const { pads, old } = seedPads();
    signInAs(addUser({ email: 'ann@example.com' }));
    const { router, unmount } = renderApp('/parts/number/bp 4471');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${pads._id}`));
    expect(router.state.location.search).toBe('');
    unmount();

    const again = renderApp(`/parts/number/${old.partNumber}`);
    await waitFor(() => expect(again.router.state.location.pathname).toBe(`/purchase/${pads._id}`));
    expect(await screen.findByText('BP-4460 has been replaced by BP-4471.')).toBeInTheDocument();
    again.unmount();

    // A vehicle maker's number leads to our part, saying which number it is.
    const oe = renderApp('/parts/number/1k0698151');
    await waitFor(() => expect(oe.router.state.location.pathname).toBe(`/purchase/${pads._id}`));
    expect(await screen.findByText('OE 1K0 698 151 (Volkswagen) is sold here as BP-4471.')).toBeInTheDocument();
  });

  it('a number no part has offers the catalogue search for it', async () => {
    seedPads();
    const { user, router } = renderApp('/parts/number/XY-1');
    expect(await screen.findByText('No part has the number XY-1')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Search the catalogue for XY-1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts'));
    expect(router.state.location.search).toBe('?q=XY-1');
    expect(await screen.findByRole('searchbox')).toHaveValue('XY-1');
  });
});
