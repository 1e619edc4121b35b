import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The sheet's import, as lazy-route's loadChunk runs it: held open until a test settles it.
const download = vi.hoisted(() => ({ calls: 0, settle: (_ok: boolean) => {} }));
vi.mock('./lazy-route.ts', () => ({
  loadChunk: () => {
    download.calls += 1;
    return new Promise<void>((resolve, reject) => {
      download.settle = (ok) => (ok ? resolve() : reject(new Error('Loading chunk signed-in-sheet failed.')));
    });
  },
}));

type SheetModule = typeof import('./signed-in-sheet.ts');
let sheet: SheetModule;

beforeEach(async () => {
  vi.resetModules();
  download.calls = 0;
  sheet = await import('./signed-in-sheet.ts');
});
afterEach(() => vi.restoreAllMocks());

function Probe({ wanted }: { wanted: boolean }) {
  return <p>{sheet.useSignedInSheet(wanted) ? 'styled' : 'waiting'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('the signed-in stylesheet on demand', () => {
  it('is not downloaded where it is not wanted (a visitor’s empty cart)', () => {
    render(<Probe wanted={false} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(download.calls).toBe(0);
  });

  it('is downloaded once when wanted, and applies when it has arrived', async () => {
    const { rerender } = render(<Probe wanted />);
    rerender(<Probe wanted />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    void sheet.loadSignedInSheet();
    expect(download.calls).toBe(1);
    download.settle(true);
    expect(await screen.findByText('styled')).toBeInTheDocument();
  });

  it('shows a failed download to the error boundary, only where it was wanted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <Probe wanted={false} />
        <Boundary>
          <Probe wanted />
        </Boundary>
      </>,
    );
    download.settle(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk signed-in-sheet failed.');
    expect(screen.getByText('waiting')).toBeInTheDocument();
  });
});
