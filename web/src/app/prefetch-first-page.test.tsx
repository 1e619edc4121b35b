import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '@/lib/auth/auth-api.ts';
import { addCompany, addOrder, addPart, addUser, server, signInAs, state } from '@/testing/mock-api.ts';
import { createTestQueryClient, renderApp } from '@/testing/render-app.tsx';
import { prefetchFirstPage, prefetchSignedInFirstPage } from './prefetch-first-page.ts';

/** Every API path the app asks for, in order (msw sees each request as it starts). */
let asked: string[] = [];
const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
beforeEach(() => {
  asked = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

const times = (path: string) => asked.filter((seen) => seen === path).length;
// `as` by its property: jsdom does not reflect it into the attribute, as browsers do.
const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')]
    .filter((link) => link.as === 'image')
    .map((link) => link.getAttribute('href'));

describe('what the first page shows, asked for before it renders (issue 31)', () => {
  it("asks a signed-in buyer's purchase page for its part and then its photo, and the page takes the answer over", async () => {
    signInAs(addUser({ email: 'ann@example.com', name: 'Ann Driver' }));
    const part = addPart({ name: 'Brake Disc', img: '/images/parts/brake-disc-320.svg' });
    const queryClient = createTestQueryClient();

    prefetchFirstPage(queryClient, { pathname: `/purchase/${part._id}`, search: '' });
    await expect.poll(preloadedImages).toEqual(['/images/parts/brake-disc-320.svg']);
    expect(times(`/api/parts/${part._id}`)).toBe(1);

    renderApp(`/purchase/${part._id}`, queryClient);
    expect(await screen.findByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Quantity')).toBeInTheDocument();
    expect(times(`/api/parts/${part._id}`)).toBe(1);
  });

  it('asks for the order a buyer opens the checkout of, and the page takes the answer over', async () => {
    const ann = addUser({ email: 'ann@example.com' });
    const order = addOrder({ email: ann.email, name: 'Brake Disc' });
    signInAs(ann);
    const queryClient = createTestQueryClient();

    prefetchFirstPage(queryClient, { pathname: `/checkout/${order._id}`, search: '' });
    await expect.poll(() => times(`/api/order/${order._id}`)).toBe(1);

    renderApp(`/checkout/${order._id}`, queryClient);
    expect(await screen.findByRole('heading', { name: 'Brake Disc' })).toBeInTheDocument();
    expect(times(`/api/order/${order._id}`)).toBe(1);
  });

  it('asks nothing for a purchase page without a stored access token, or at a malformed address', () => {
    const part = addPart();
    prefetchFirstPage(createTestQueryClient(), { pathname: `/purchase/${part._id}`, search: '' });
    signInAs(addUser({ email: 'ann@example.com' }));
    prefetchFirstPage(createTestQueryClient(), { pathname: '/purchase/%E0%A4%A', search: '' });
    prefetchFirstPage(createTestQueryClient(), { pathname: `/purchase/${part._id}/reviews`, search: '' });
    prefetchFirstPage(createTestQueryClient(), { pathname: '/checkout/', search: '' });
    prefetchFirstPage(createTestQueryClient(), { pathname: '/dashboard/company/extra', search: '' });
    expect(asked).toEqual([]);
    expect(preloadedImages()).toEqual([]);
  });

  it("asks for a buyer's company on /dashboard/company, and the page takes the answer over", async () => {
    const kim = addUser({ name: 'Kim Buyer', email: 'kim@fleet.test' });
    addCompany('Northline Fleet', [{ email: kim.email, role: 'buyer' }]);
    signInAs(kim);
    const queryClient = createTestQueryClient();

    prefetchFirstPage(queryClient, { pathname: '/dashboard/company', search: '' });
    await expect.poll(() => times('/api/company')).toBe(1);

    renderApp('/dashboard/company', queryClient);
    expect(await screen.findByRole('heading', { name: 'Northline Fleet' })).toBeInTheDocument();
    expect(times('/api/company')).toBe(1);
  });

  it("once the session answers: the dashboard's admin check, then an admin's companies; a buyer's cart", async () => {
    signInAs(addUser({ email: 'boss@shop.test', admin: true }));
    const admin = createTestQueryClient();
    prefetchSignedInFirstPage(admin, '/dashboard/companies', (await getSession())!);
    await expect.poll(() => times('/api/companies')).toBe(1);
    expect(asked).toEqual(['/api/auth/get-session', '/api/admin/boss%40shop.test', '/api/companies']);

    asked = [];
    signInAs(addUser({ email: 'kim@fleet.test' }));
    const buyer = createTestQueryClient();
    prefetchSignedInFirstPage(buyer, '/dashboard/companies', (await getSession())!);
    await expect.poll(() => times('/api/admin/kim%40fleet.test')).toBe(1);
    // Not an admin: the companies are not asked for (RequireAdmin sends them to the dashboard).
    expect(times('/api/companies')).toBe(0);
  });

  it("asks for a buyer's cart once the session answers on /cart, and the page takes the answer over", async () => {
    const kim = addUser({ email: 'kim@fleet.test' });
    const disc = addPart({ name: 'Brake Disc', partNumber: 'BD-2210', minimunOrder: 2 });
    state.carts.set(kim.email, [{ partId: disc._id, quantity: 12 }]);
    signInAs(kim);
    const queryClient = createTestQueryClient();

    prefetchSignedInFirstPage(queryClient, '/cart', (await getSession())!);
    await expect.poll(() => times('/api/cart')).toBe(1);

    renderApp('/cart', queryClient);
    expect(await screen.findByRole('listitem', { name: /^BD-2210 / })).toHaveTextContent('Brake Disc');
    expect(times('/api/cart')).toBe(1);
  });

  it("asks for a buyer's cart on /cart with a stored access token, before the session answers", async () => {
    const kim = addUser({ email: 'kim@fleet.test' });
    const disc = addPart({ name: 'Brake Disc', partNumber: 'BD-2210', minimunOrder: 2 });
    state.carts.set(kim.email, [{ partId: disc._id, quantity: 12 }]);
    prefetchFirstPage(createTestQueryClient(), { pathname: '/cart', search: '' });
    expect(asked).toEqual([]); // A visitor (no token) has a cart in this browser only.

    signInAs(kim);
    const queryClient = createTestQueryClient();
    prefetchFirstPage(queryClient, { pathname: '/cart', search: '' });
    await expect.poll(() => asked.length).toBe(3);
    expect(asked).toEqual(['/api/cart', '/api/addresses', '/api/shipping/methods']);
    // The session's answer asks again only for an answer that is gone.
    prefetchSignedInFirstPage(queryClient, '/cart', (await getSession())!);

    renderApp('/cart', queryClient);
    expect(await screen.findByRole('listitem', { name: /^BD-2210 / })).toHaveTextContent('Brake Disc');
    expect(await screen.findByText('Add the address to ship to.')).toBeInTheDocument();
    expect([times('/api/cart'), times('/api/addresses'), times('/api/shipping/methods')]).toEqual([1, 1, 1]);
  });
});
