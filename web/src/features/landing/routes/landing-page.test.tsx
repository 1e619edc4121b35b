import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '@/testing/mock-api.ts';
import { partOf } from '@/testing/mock-state.ts';
import { renderApp } from '@/testing/render-app.tsx';

const longText = 'Forged steel, machined to a tolerance of five microns and balanced at the factory. '.repeat(4);
const part = (n: number) =>
  partOf({
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Part ${n}`,
    des: n === 1 ? longText : `Short description ${n}`,
    img: `/images/parts/p${n}.svg`,
    minimunOrder: 10 * n,
    available: 100 * n,
    price: 12.5 * n,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });

describe('Landing page', () => {
  it('shows the first 3 parts with a 150-character preview, the stats and the reviews', async () => {
    server.use(
      http.get('/api/parts', () => HttpResponse.json([1, 2, 3, 4].map(part))),
      http.get('/api/review', () =>
        HttpResponse.json([
          { _id: 'r1', name: 'Rita', comment: 'Great pads', rating: 4, createdAt: '2026-01-01T00:00:00.000Z' },
        ]),
      ),
      http.get('/partners.json', () =>
        HttpResponse.json([{ id: 1, name: 'Northline Freight', img: '/images/partners/n.svg' }]),
      ),
    );
    renderApp('/');

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(screen.queryByText('Part 4')).not.toBeInTheDocument();

    const first = cards[0]!;
    expect(within(first).getByRole('img', { name: 'Part 1' })).toHaveAttribute('width', '400');
    expect(within(first).getByText(longText.slice(0, 150), { exact: false })).toBeInTheDocument();
    expect(first.querySelector('[data-tip]')).toHaveAttribute('data-tip', longText);
    expect(within(first).getByRole('link', { name: 'Purchase Part 1' })).toHaveAttribute(
      'href',
      '/purchase/00000000-0000-4000-8000-000000000001',
    );

    // The sections below the first screen render once the page is idle.
    expect(await screen.findByText('120M+')).toBeInTheDocument();
    for (const stat of ['33K+', '50+', '100+']) expect(screen.getByText(stat)).toBeInTheDocument();
    expect(await screen.findByText('4/5', { exact: false })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Northline Freight' })).toHaveAttribute('loading', 'lazy');
  });

  it('asks the API for 3 parts only and links to the whole catalogue', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/parts', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([1, 2, 3].map(part));
      }),
    );
    const { user, router } = renderApp('/');
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(asked).toEqual(['?limit=3']);
    expect(screen.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/parts');
    await user.click(screen.getByRole('link', { name: 'View all parts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parts'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Parts catalogue' })).toBeInTheDocument();
  });

  it('sends the contact form and shows the server’s field errors', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/contact', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { error: { code: 'VALIDATION', message: 'Invalid input', fields: { subject: 'Subject is too spammy' } } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'kim@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Bulk order');
    await user.type(screen.getByLabelText('Message'), 'Two hundred brake discs, please.');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByText('Subject is too spammy')).toBeInTheDocument();
    expect(body).toEqual({
      email: 'kim@example.com',
      subject: 'Bulk order',
      message: 'Two hundred brake discs, please.',
    });
  });

  it('confirms a sent message with a toast', async () => {
    server.use(http.post('/api/contact', () => HttpResponse.json({ _id: 'c1', received: true }, { status: 201 })));
    const { user } = renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'kim@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Hi there');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText(/your message is on its way/i)).toBeInTheDocument();
  });

  it('validates the contact form with the contract’s messages', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
  });
});
