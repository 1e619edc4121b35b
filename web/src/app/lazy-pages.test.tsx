import { render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadPagesFor, withLazyPages } from './lazy-pages.tsx';

function page(text: string) {
  return vi.fn(async () => ({ Component: () => <p>{text}</p> }));
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

describe('loading the first page before the first render', () => {
  it("starts only the matching page's chunk, and the page renders from that same download", async () => {
    const home = page('Home page');
    const login = page('Login page');
    const routes = withLazyPages([
      {
        path: '/',
        children: [
          { index: true, lazy: home },
          { path: 'login', lazy: login },
        ],
      },
    ]);

    await loadPagesFor(routes, '/login');
    expect(login).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();

    render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('settles when the chunk fails, and the page then meets the same failure', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('Loading chunk login failed.')));
    const routes = withLazyPages([{ path: '/login', lazy: failing }]);
    await expect(loadPagesFor(routes, '/login')).resolves.toBeUndefined();
    await expect(loadPagesFor(routes, '/no/such/page')).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
