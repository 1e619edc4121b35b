import { render, screen } from '@testing-library/react';
import * as compat from 'preact/compat';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { useLocation, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

// The tests must run what ships: React's names resolve to preact/compat here as in the build
// (web/preact-compat.ts), in our code and in the libraries' (React Router, Testing Library).
describe('the tests run on Preact', () => {
  it('resolves react and react-dom/client to preact/compat', () => {
    expect(React.useState).toBe(compat.useState);
    expect(ReactDOMClient.createRoot).toBeTypeOf('function');
    expect(ReactDOMClient.createRoot.toString()).not.toContain('createFiberRoot');
  });

  it('renders a library’s hooks through Testing Library with Preact', () => {
    function Where() {
      return <p>{useLocation().pathname}</p>;
    }
    const { container } = render(
      <MemoryRouter initialEntries={['/parts']}>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('/parts')).toBeInTheDocument();
    // React marks the container it renders into (`__reactContainer$…`); Preact does not.
    expect(Object.keys(container).filter((key) => key.startsWith('__react'))).toEqual([]);
  });
});
