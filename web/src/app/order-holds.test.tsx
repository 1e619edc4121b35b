import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format.ts';
import { addOrder, addUser, signInAs } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('order holds in My Orders, Checkout and Manage All Orders', () => {
  afterEach(() => vi.useRealTimers());

  it('an unpaid order says when to pay by, in the reader’s locale; an expired one is Expired with Pay disabled', async () => {
    const payBy = inMinutes(90);
    addOrder({ email: 'ann@example.com', name: 'Brake Disc', payBy });
    addOrder({ email: 'ann@example.com', name: 'Old Filter', payBy: inMinutes(-5), expiredAt: inMinutes(-4) });
    addOrder({
      email: 'ann@example.com',
      name: 'Late Plug',
      payBy: inMinutes(-60),
      expiredAt: inMinutes(-59),
      refundedAt: inMinutes(-1),
    });
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp('/dashboard/my-orders');

    await screen.findByRole('heading', { name: 'Your orders: 3' });
    const open = cardOf('Brake Disc');
    expect(within(open).getByText('Pay by')).toBeInTheDocument();
    expect(within(open).getByText(formatDateTime(payBy))).toHaveAttribute('datetime', payBy);
    expect(within(open).getByText('Unpaid')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Pay for Brake Disc' })).toBeInTheDocument();

    const expired = cardOf('Old Filter');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).queryByText('Pay by')).not.toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Pay for Old Filter (expired)' })).toBeDisabled();
    expect(within(expired).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Cancel Old Filter' })).toBeEnabled();

    const refunded = cardOf('Late Plug');
    expect(within(refunded).getByText('Refunded', { selector: '.badge' })).toBeInTheDocument();
    expect(within(refunded).getByText(/the payment arrived after the order expired/)).toBeInTheDocument();
    expect(within(refunded).getByRole('button', { name: 'Cancel Late Plug' })).toBeDisabled();
  });

  it('turns Expired on the page when its pay-by time passes, without a reload', async () => {
    // The clock stands still until the test moves it: the order is unpaid however long the page
    // takes to render (on a busy machine that was more than the second it had to pay).
    vi.useFakeTimers({ toFake: ['Date'] });
    const payBy = Date.now() + 1_000;
    addOrder({ email: 'ann@example.com', name: 'Brake Disc', payBy: new Date(payBy).toISOString() });
    signInAs(addUser({ email: 'ann@example.com' }));
    renderApp('/dashboard/my-orders');
    const card = await screen.findByRole('heading', { name: 'Brake Disc' }).then((h) => h.closest('li')!);
    expect(within(card).getByText('Unpaid')).toBeInTheDocument();
    vi.setSystemTime(payBy + 1);
    // The page's own timer (still real) looks again and finds the pay-by time passed.
    expect(await within(card).findByText('Expired')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Pay for Brake Disc (expired)' })).toBeDisabled();
  });

  it('Checkout shows the pay-by time, and no card form once expired', async () => {
    const open = addOrder({ email: 'ann@example.com', name: 'Brake Disc', payBy: inMinutes(30) });
    const gone = addOrder({
      email: 'ann@example.com',
      name: 'Old Filter',
      expiredAt: inMinutes(-1),
      payBy: inMinutes(-2),
    });
    signInAs(addUser({ email: 'ann@example.com' }));
    const first = renderApp(`/checkout/${open._id}`);
    expect(await screen.findByText(formatDateTime(open.payBy!))).toBeInTheDocument();
    first.unmount();
    renderApp(`/checkout/${gone._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This order expired before it was paid');
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('Manage All Orders shows Expired and Refunded as statuses', async () => {
    addOrder({ email: 'ann@example.com', name: 'Old Filter', expiredAt: inMinutes(-1) });
    addOrder({ email: 'bob@example.com', name: 'Late Plug', expiredAt: inMinutes(-9), refundedAt: inMinutes(-1) });
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    renderApp('/dashboard/manage-all-orders');
    await screen.findByRole('heading', { name: 'All orders: 2' });
    expect(within(rowOf('Old Filter')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('Late Plug')).getByText('Refunded')).toBeInTheDocument();
  });
});
