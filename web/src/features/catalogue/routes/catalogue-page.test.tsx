import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addPart, http, HttpResponse, server } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** The query of every `GET /api/parts` the page sends, in order. */
function logPartsRequests(): URLSearchParams[] {
  const log: URLSearchParams[] = [];
  server.use(
    http.get('/api/parts', ({ request }) => {
      log.push(new URL(request.url).searchParams);
      // Nothing returned: the mock API's own handler answers.
    }),
  );
  return log;
}

const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

describe('Catalogue page', () => {
  it('reads the search, the filter and the sort from the address and sends them', async () => {
    addPart({ name: 'Brake Disc', price: 40 });
    addPart({ name: 'Brake Pad Set', price: 20 });
    addPart({ name: 'Brake Caliper', price: 90, available: 0 });
    addPart({ name: 'Oil Filter', des: 'Spin-on oil filter.', price: 5 });
    const log = logPartsRequests();
    renderApp('/parts?q=brake&sort=price-asc&inStock=true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Parts catalogue' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(cardNames()).toEqual(['Brake Pad Set', 'Brake Disc']);
    expect(screen.getByText('2 parts')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Search parts')).toHaveValue('brake');
    expect(screen.getByLabelText('In stock only')).toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');
    expect(Object.fromEntries(log[0]!)).toEqual({ q: 'brake', inStock: 'true', sort: 'price-asc', limit: '12' });
    await waitFor(() => expect(document.title).toBe('Parts · Torque Parts'));
  });

  it('puts the filter and the sort into the address', async () => {
    addPart({ name: 'Alternator', price: 120 });
    addPart({ name: 'Clutch Kit', price: 300, available: 0 });
    const { user, router } = renderApp('/parts');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    expect(router.state.location.search).toBe('?sort=price-desc');
    await waitFor(() => expect(cardNames()).toEqual(['Clutch Kit', 'Alternator']));

    await user.click(screen.getByLabelText('In stock only'));
    expect(router.state.location.search).toBe('?inStock=true&sort=price-desc');
    await waitFor(() => expect(cardNames()).toEqual(['Alternator']));
    expect(screen.getByText('1 part')).toBeInTheDocument();
  });

  it('searches once typing pauses, not on every key', async () => {
    addPart({ name: 'Brake Disc' });
    addPart({ name: 'Oil Filter', des: 'Spin-on oil filter.' });
    const log = logPartsRequests();
    const { router } = renderApp('/parts');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    // Six keys in one go, as fast typing is: however busy the machine, no 300 ms pass between
    // them (user.type waits between keys, and on a loaded machine that wait passed 300 ms). An
    // `input` event each, as a browser sends per key (preact/compat's onChange listens to it).
    const box = screen.getByLabelText('Search parts');
    for (let typed = 1; typed <= 'filter'.length; typed++) {
      fireEvent.input(box, { target: { value: 'filter'.slice(0, typed) } });
    }
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=filter'));
    await waitFor(() => expect(cardNames()).toEqual(['Oil Filter']));
    expect(log.map((query) => query.get('q'))).toEqual([null, 'filter']);
  });

  it('says when nothing matches and clears the search', async () => {
    addPart({ name: 'Brake Disc' });
    addPart({ name: 'Oil Filter', des: 'Spin-on oil filter.' });
    const { user, router } = renderApp('/parts?q=flux+capacitor&inStock=true');

    expect(await screen.findByText('No parts match')).toBeInTheDocument();
    expect(screen.getByText('0 parts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByLabelText('Search parts')).toHaveValue('');
    expect(screen.getByLabelText('Search parts')).toHaveFocus();
    expect(screen.getByLabelText('In stock only')).not.toBeChecked();
  });

  it('shows skeletons while loading, then loads more pages through the Link cursor', async () => {
    for (let n = 1; n <= 15; n += 1) addPart({ name: `Part ${String(n).padStart(2, '0')}` });
    const log = logPartsRequests();
    const { user, container } = renderApp('/parts?sort=name');

    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByText('15 parts')).toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 15 parts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(15));
    expect(cardNames().at(-1)).toBe('Part 15');
    // Focus moves to the first card the button brought.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Purchase Part 13' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(log.map((query) => query.get('cursor'))).toEqual([null, 'c12']);
    expect(log[1]!.get('sort')).toBe('name');
  });

  it('never lets a slow answer for an older search replace a newer one', async () => {
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAsked = false;
    const bracket = addPart({ name: 'Bracket' });
    const brake = addPart({ name: 'Brake Disc' });
    server.use(
      http.get('/api/parts', async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === 'bra') {
          slowAsked = true;
          await slowGate;
          return HttpResponse.json([bracket], { headers: { 'X-Total-Count': '1' } });
        }
        if (q === 'brake') return HttpResponse.json([brake], { headers: { 'X-Total-Count': '1' } });
      }),
    );
    const { user, router, queryClient } = renderApp('/parts');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    const box = screen.getByLabelText('Search parts');
    await user.type(box, 'bra');
    await waitFor(() => expect(router.state.location.search).toBe('?q=bra'));
    await user.type(box, 'ke');
    await waitFor(() => expect(router.state.location.search).toBe('?q=brake'));
    await waitFor(() => expect(cardNames()).toEqual(['Brake Disc']));
    expect(slowAsked).toBe(true);

    // The older search's answer arrives last: once no request is in flight (it was answered, or
    // dropped with its query), the page still shows the newer search's result.
    releaseSlow();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(cardNames()).toEqual(['Brake Disc']);
    expect(screen.queryByText('Bracket')).not.toBeInTheDocument();
  });

  it('shows the server’s message for a search it refuses (400), with a way out', async () => {
    addPart({ name: 'Brake Disc' });
    const { user, router } = renderApp(`/parts?q=${'x'.repeat(201)}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This search cannot be run.');
    expect(alert).toHaveTextContent('q must be at most 200 characters');
    await user.click(within(alert).getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });

  it('follows the address when it changes without typing (back and forward)', async () => {
    addPart({ name: 'Brake Disc' });
    addPart({ name: 'Oil Filter', des: 'Spin-on oil filter.' });
    const { user } = renderApp('/parts?q=oil');
    await waitFor(() => expect(cardNames()).toEqual(['Oil Filter']));

    // The navbar's Parts link goes to /parts with no search: the box empties, every part shows.
    await user.click(screen.getAllByRole('link', { name: 'Parts' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByLabelText('Search parts')).toHaveValue('');
  });
});
