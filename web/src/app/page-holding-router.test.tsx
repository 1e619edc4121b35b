import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Link, useLocation, useRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withLazyPages } from './lazy-pages.tsx';
import { PageHoldingRouter } from './page-holding-router.tsx';

/** A page whose chunk arrives when the test says so. */
function deferredPage(text: string) {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = async () => {
    await arrived;
    return { Component: () => <p>{text}</p> };
  };
  return { load, arrive };
}

function Address() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

function App({ routes }: { routes: RouteObject[] }) {
  return (
    <PageHoldingRouter routes={routes}>
      <Address />
      <Link to="/b">To B</Link>
      <Link to="/c">To C</Link>
      <Suspense fallback={<p>Spinner</p>}>
        <Routes routes={routes} />
      </Suspense>
    </PageHoldingRouter>
  );
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

describe('PageHoldingRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps the current page and address until the next page’s chunk is here, never the spinner', async () => {
    const b = deferredPage('Page B');
    const routes = withLazyPages([
      { path: '/', Component: () => <p>Page A</p> },
      { path: '/b', lazy: b.load },
    ]);
    const user = userEvent.setup();
    render(<App routes={routes} />);

    await user.click(screen.getByRole('link', { name: 'To B' }));
    expect(window.location.pathname).toBe('/b');
    expect(screen.getByText('Page A')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/');
    expect(screen.queryByText('Spinner')).toBeNull();

    await act(async () => b.arrive());
    expect(await screen.findByText('Page B')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/b');
  });

  it('shows the latest navigation when an earlier one’s chunk arrives after it', async () => {
    const b = deferredPage('Page B');
    const routes = withLazyPages([
      { path: '/', Component: () => <p>Page A</p> },
      { path: '/b', lazy: b.load },
      { path: '/c', Component: () => <p>Page C</p> },
    ]);
    const user = userEvent.setup();
    render(<App routes={routes} />);

    await user.click(screen.getByRole('link', { name: 'To B' }));
    await user.click(screen.getByRole('link', { name: 'To C' }));
    expect(await screen.findByText('Page C')).toBeInTheDocument();
    await act(async () => b.arrive());
    expect(screen.getByText('Page C')).toBeInTheDocument();
    expect(screen.queryByText('Page B')).toBeNull();
  });
});
