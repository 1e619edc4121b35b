import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuickOrderResultView } from './quick-order-result.tsx';

const id = '00000000-0000-4000-8000-000000000001';

describe('QuickOrderResultView', () => {
  it("lists what was added, naming a cross-reference match, an added line's problem, and every error with its line", () => {
    render(
      <QuickOrderResultView
        result={{
          added: [
            {
              line: 1,
              partId: id,
              partNumber: 'BP-4471',
              quantity: 8,
              matchedBy: { kind: 'number', brand: 'Torque Parts', number: 'BP-4471' },
              problem: null,
            },
            {
              line: 2,
              partId: id,
              partNumber: 'BD-2210',
              quantity: 2,
              matchedBy: { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
              problem: { code: 'BELOW_MINIMUM', message: 'Below the minimum order' },
            },
          ],
          errors: [
            { line: 3, message: 'No part with number NOPE' },
            { line: 5, message: 'The quantity is not a whole number' },
          ],
        }}
      />,
    );
    const status = screen.getByRole('region', { name: 'Quick order result' });
    expect(status).toHaveTextContent('Added 2 lines to your cart. 2 lines have errors.');
    const added = within(screen.getByRole('list', { name: 'Added' })).getAllByRole('listitem');
    expect(added[0]).toHaveTextContent(/^Line 1: BP-4471 × 8$/);
    expect(added[1]).toHaveTextContent(
      'Line 2: BD-2210 × 2 (matched OE 1K0 698 151 (Volkswagen))Below the minimum order',
    );
    const errors = within(screen.getByRole('list', { name: 'Not added' })).getAllByRole('listitem');
    expect(errors.map((e) => e.textContent)).toEqual([
      'Line 3: No part with number NOPE',
      'Line 5: The quantity is not a whole number',
    ]);
  });

  it('says when nothing was added', () => {
    render(<QuickOrderResultView result={{ added: [], errors: [{ line: 1, message: 'Empty' }] }} />);
    expect(screen.getByRole('region', { name: 'Quick order result' })).toHaveTextContent(
      'Nothing was added. 1 line has errors.',
    );
  });
});
