import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchRoutes, Outlet, useParams, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchesFor } from './route-matches.ts';
import { AppRoutes } from './routes.tsx';

function Part() {
  return <p>Part {useParams().number}</p>;
}

const table: RouteObject[] = [
  {
    path: '/',
    element: (
      <div>
        Layout <Outlet />
      </div>
    ),
    children: [
      { index: true, element: <p>Home</p> },
      { path: 'parts/number/:number', element: <Part /> },
      { path: '*', element: <p>Not found</p> },
    ],
  },
];

describe('route matches', () => {
  it('are what matchRoutes gives, worked out once per address', () => {
    const first = matchesFor(table, '/parts/number/BP-1001');
    expect(first).toEqual(matchRoutes(table, '/parts/number/BP-1001'));
    expect(matchesFor(table, '/parts/number/BP-1001')).toBe(first);
    expect(matchesFor(table, '/')).not.toBe(first);
  });

  it('keep only the last few addresses, and still answer for an older one', () => {
    const first = matchesFor(table, '/parts/number/OLD');
    for (let i = 0; i < 40; i++) matchesFor(table, `/parts/number/N${i}`);
    const again = matchesFor(table, '/parts/number/OLD');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it.each([
    ['/', 'Home'],
    ['/parts/number/BP-1001', 'Part BP-1001'],
    ['/no/such/page', 'Not found'],
  ])('render %s inside its layout, as useRoutes did', (address, text) => {
    render(
      <MemoryRouter initialEntries={[address]}>
        <AppRoutes routes={table} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Layout')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
