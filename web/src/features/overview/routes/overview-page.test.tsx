import type { StatsResponse } from '@torque/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser, http, HttpResponse, server, signInAs } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { formatChange, percentChange } from '../components/format.ts';

const zeros = { revenue: 0, paidOrders: 0, unpaidOrders: 0, shippedOrders: 0, averageOrderValue: 0 };

function statsFor(days: number): StatsResponse {
  const daily = Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, days === 7 ? 2 : 1, i + 1)).toISOString().slice(0, 10),
    revenue: i === 1 ? 1234.5 : 0,
    orders: i === 1 ? 3 : 0,
  }));
  return {
    from: daily[0]!.date,
    to: daily.at(-1)!.date,
    timeZone: 'Europe/Berlin',
    revenue: days === 7 ? 99 : 1234.5,
    paidOrders: 3,
    unpaidOrders: 2,
    shippedOrders: 1,
    averageOrderValue: 411.5,
    previous: { ...zeros, from: '2026-01-01', to: '2026-01-30', revenue: 1000, paidOrders: 3, unpaidOrders: 0 },
    daily,
    topParts: [{ partId: '7b0d2c6e-3c1f-4a57-9a3e-0c7f7f2a1b11', name: 'Brake Disc', revenue: 1234.5, quantity: 9 }],
    lowStock: [{ _id: '7b0d2c6e-3c1f-4a57-9a3e-0c7f7f2a1b12', name: 'Spark Plug', available: 3, minimunOrder: 10 }],
  };
}

function serveStats() {
  const asked: number[] = [];
  server.use(
    http.get('/api/stats', ({ request }) => {
      const days = Number(new URL(request.url).searchParams.get('days'));
      asked.push(days);
      return HttpResponse.json(statsFor(days));
    }),
  );
  return asked;
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('Overview (admin)', () => {
  it('is where an admin lands on /dashboard, first in the menu, with the figures and the change', async () => {
    const asked = serveStats();
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Overview');

    await screen.findByText('$1,234.50', { selector: 'dd' });
    expect(asked).toEqual([30]);
    expect(figure('Revenue')).toHaveTextContent('$1,234.50');
    expect(figure('Revenue')).toHaveTextContent('+23.5%');
    expect(figure('Revenue')).toHaveTextContent('before: $1,000.00');
    expect(figure('Paid orders')).toHaveTextContent('no change');
    expect(figure('Placed, unpaid')).toHaveTextContent('new: none the period before');
    expect(figure('Average order value')).toHaveTextContent('$411.50');
    expect(figure('Shipped')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('cell', { name: '3' }).closest('tr')).toHaveTextContent('Spark Plug');
  });

  it('shows each chart as a table behind its toggle', async () => {
    serveStats();
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    const { user } = renderApp('/dashboard/overview');

    const daily = await screen.findByRole('region', { name: 'Revenue and orders per day' });
    const toggle = within(daily).getByRole('button', { name: 'Show table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(daily).queryByRole('table')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide table');
    const table = within(daily).getByRole('table', { name: 'Revenue and paid orders per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const busy = within(table).getByRole('rowheader', { name: 'Feb 2, 2026' }).closest('tr')!;
    expect(busy).toHaveTextContent('$1,234.50');
    expect(busy).toHaveTextContent('3');
    expect(within(table).getByRole('rowheader', { name: 'Feb 3, 2026' }).closest('tr')).toHaveTextContent('$0.00');

    const top = screen.getByRole('region', { name: 'Top 5 parts by revenue' });
    await user.click(within(top).getByRole('button', { name: 'Show table' }));
    const row = within(top).getByRole('rowheader', { name: 'Brake Disc' }).closest('tr')!;
    expect(row).toHaveTextContent('$1,234.50');
    expect(row).toHaveTextContent('9');
  });

  it('changes the period through the URL', async () => {
    const asked = serveStats();
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    const { user, router } = renderApp('/dashboard/overview');
    await screen.findByText('$1,234.50', { selector: 'dd' });

    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('$99.00'));
    expect(router.state.location.search).toBe('?days=7');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toEqual([30, 7]);
  });

  it('reads ?days= from the address', async () => {
    const asked = serveStats();
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    renderApp('/dashboard/overview?days=90');
    expect(await screen.findByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(asked).toEqual([90]));
    expect(await screen.findByText(/Feb 1, 2026 – May 1, 2026/)).toBeInTheDocument();
  });

  it('keeps customers on My Orders and out of the overview', async () => {
    serveStats();
    signInAs(addUser({ email: 'ann@example.com', admin: false }));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /orders/i })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('percent change', () => {
  it('is rounded to one decimal, and has no percentage of nothing', () => {
    expect(percentChange(1234.5, 1000)).toBe(23.5);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(formatChange(-75)).toBe('−75.0%');
    expect(formatChange(null)).toBe('new: none the period before');
  });
});
