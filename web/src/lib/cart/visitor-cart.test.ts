import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addPart, addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { cartQueryKey } from './cart-api.ts';
import { mergeVisitorCart } from './merge-visitor-cart.ts';
import { VISITOR_CART_KEY, VISITOR_CART_LINES_MAX, visitorCart } from './visitor-cart.ts';

const stored = () => JSON.parse(window.localStorage.getItem(VISITOR_CART_KEY) ?? 'null') as unknown;

describe('visitor cart', () => {
  it('keeps {partId, quantity} lines in localStorage, one per part, quantities added', () => {
    visitorCart.add('p1', 10);
    visitorCart.add('p2', 5);
    visitorCart.add('p1', 3);
    expect(visitorCart.lines()).toEqual([
      { partId: 'p1', quantity: 13 },
      { partId: 'p2', quantity: 5 },
    ]);
    expect(stored()).toEqual(visitorCart.lines());
  });

  it('edits a quantity, removes a line, and clears (leaving nothing stored)', () => {
    visitorCart.add('p1', 10);
    visitorCart.add('p2', 5);
    visitorCart.setQuantity('p2', 8);
    visitorCart.remove('p1');
    expect(visitorCart.lines()).toEqual([{ partId: 'p2', quantity: 8 }]);
    visitorCart.clear();
    expect(visitorCart.lines()).toEqual([]);
    expect(window.localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
  });

  it('answers the same array until the lines change (for useSyncExternalStore)', () => {
    visitorCart.add('p1', 1);
    const first = visitorCart.lines();
    expect(visitorCart.lines()).toBe(first);
    visitorCart.add('p1', 1);
    expect(visitorCart.lines()).not.toBe(first);
  });

  it('ignores what it cannot read: not JSON, not a list, malformed lines', () => {
    window.localStorage.setItem(VISITOR_CART_KEY, '{oops');
    expect(visitorCart.lines()).toEqual([]);
    window.localStorage.setItem(VISITOR_CART_KEY, '{"partId":"p1"}');
    expect(visitorCart.lines()).toEqual([]);
    window.localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([{ partId: 'p1', quantity: 2 }, { partId: 'p2', quantity: 0 }, { partId: 3, quantity: 1 }, null]),
    );
    expect(visitorCart.lines()).toEqual([{ partId: 'p1', quantity: 2 }]);
  });

  it('refuses a new line once the cart holds the most lines a cart may', () => {
    for (let i = 0; i < VISITOR_CART_LINES_MAX; i += 1) expect(visitorCart.add(`p${i}`, 1)).toBe(true);
    expect(visitorCart.add('one-more', 1)).toBe(false);
    expect(visitorCart.add('p0', 1)).toBe(true);
    expect(visitorCart.lines()).toHaveLength(VISITOR_CART_LINES_MAX);
  });

  it('tells subscribers about every change', () => {
    let calls = 0;
    const stop = visitorCart.subscribe(() => (calls += 1));
    visitorCart.add('p1', 1);
    visitorCart.setQuantity('p1', 2);
    visitorCart.remove('p1');
    stop();
    visitorCart.add('p1', 1);
    expect(calls).toBe(3);
  });
});

describe('merging the visitor cart at sign-in', () => {
  const signedIn = () => {
    const user = addUser({ email: 'ann@example.com' });
    signInAs(user);
    return user;
  };

  it("adds the visitor's lines to the account's cart (same part: quantities added), caches the answer and clears the browser's", async () => {
    const user = signedIn();
    const disc = addPart({ minimunOrder: 10 });
    const pads = addPart({ minimunOrder: 4 });
    state.carts.set(user.email, [{ partId: disc._id, quantity: 10 }]);
    visitorCart.add(disc._id, 10);
    visitorCart.add(pads._id, 4);
    const queryClient = new QueryClient();

    await mergeVisitorCart(queryClient);

    expect(state.carts.get(user.email)).toEqual([
      { partId: disc._id, quantity: 20 },
      { partId: pads._id, quantity: 4 },
    ]);
    expect(queryClient.getQueryData<{ lines: unknown[] }>(cartQueryKey)?.lines).toHaveLength(2);
    expect(visitorCart.lines()).toEqual([]);
    expect(state.writes.filter((w) => w === 'POST /api/cart/lines')).toHaveLength(1);
  });

  it('sends nothing when the visitor had no lines, and merges once when asked twice at the same time', async () => {
    signedIn();
    const queryClient = new QueryClient();
    await mergeVisitorCart(queryClient);
    expect(state.writes).toEqual([]);

    visitorCart.add(addPart()._id, 10);
    await Promise.all([mergeVisitorCart(queryClient), mergeVisitorCart(queryClient)]);
    expect(state.writes).toEqual(['POST /api/cart/lines']);
  });

  it('drops a line whose part was deleted since and sends the rest again, never failing the sign-in', async () => {
    const user = signedIn();
    const disc = addPart();
    visitorCart.add('00000000-0000-4000-8000-999999999999', 3);
    visitorCart.add(disc._id, 10);
    await expect(mergeVisitorCart(new QueryClient())).resolves.toBeUndefined();
    expect(state.carts.get(user.email)).toEqual([{ partId: disc._id, quantity: 10 }]);
    expect(visitorCart.lines()).toEqual([]);
  });

  it('keeps the lines for the next try when the server cannot be reached', async () => {
    signedIn();
    server.use(http.post('/api/cart/lines', () => HttpResponse.error()));
    visitorCart.add(addPart()._id, 10);
    await mergeVisitorCart(new QueryClient());
    expect(visitorCart.lines()).toHaveLength(1);
  });
});
