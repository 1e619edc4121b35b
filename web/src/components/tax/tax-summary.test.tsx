import type { Order, TaxQuote } from '@torque/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatRate, taxLineLabel } from './tax-label.ts';
import { OrderTaxSummary, TaxSummary } from './tax-summary.tsx';

const quote = (over: Partial<TaxQuote>): TaxQuote => ({
  goods: 100,
  shipping: 10,
  net: 110,
  tax: { lines: [{ rate: 19, net: 110, tax: 20.9 }], total: 20.9, note: null },
  gross: 130.9,
  country: 'DE',
  region: null,
  taxIdStatus: null,
  ...over,
});

/** The figures as term → value pairs, in order. */
const figures = () =>
  within(document.querySelector('dl')!)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('tax labels', () => {
  it('names VAT in the EU and Tax elsewhere, rates with up to 3 decimals', () => {
    expect(taxLineLabel(19, 'DE')).toBe('VAT 19 %');
    expect(taxLineLabel(7.25, 'US')).toBe('Tax 7.25 %');
    expect(taxLineLabel(20, 'gb')).toBe('VAT 20 %');
    expect(taxLineLabel(5, null)).toBe('Tax 5 %');
    expect(formatRate(8.875)).toBe('8.875 %');
    expect(formatRate(0.1 + 0.2)).toBe('0.3 %');
  });
});

describe('TaxSummary', () => {
  it('shows goods, shipping, net, the tax per rate and gross', () => {
    render(<TaxSummary quote={quote({})} />);
    expect(figures()).toEqual([
      ['Goods', '$100.00'],
      ['Shipping', '$10.00'],
      ['Net (excl. tax)', '$110.00'],
      ['VAT 19 %', '$20.90'],
      ['Total', '$130.90'],
    ]);
  });

  it('shows a US state rate as Tax, and several rates each on its line', () => {
    render(
      <TaxSummary
        quote={quote({
          country: 'US',
          region: 'CA',
          tax: {
            lines: [
              { rate: 7.25, net: 100, tax: 7.25 },
              { rate: 0, net: 10, tax: 0 },
            ],
            total: 7.25,
            note: null,
          },
          gross: 117.25,
        })}
      />,
    );
    expect(screen.getByText('Tax 7.25 %')).toBeInTheDocument();
    expect(screen.getByText('Tax 0 %')).toBeInTheDocument();
  });

  it('shows the note when no tax is charged (reverse charge), with tax $0.00', () => {
    const note = 'Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC)';
    render(
      <TaxSummary
        quote={quote({ country: 'FR', taxIdStatus: 'valid', tax: { lines: [], total: 0, note }, gross: 110 })}
      />,
    );
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(figures()).toContainEqual(['Tax', '$0.00']);
    expect(figures()).toContainEqual(['Total', '$110.00']);
  });

  it('says tax comes with the address when there is none', () => {
    render(<TaxSummary quote={quote({ country: null, tax: { lines: [], total: 0, note: null }, gross: 110 })} />);
    expect(screen.getByText('Tax is added once you choose a delivery address.')).toBeInTheDocument();
  });
});

describe('OrderTaxSummary', () => {
  const order = (over: Partial<Order>) =>
    ({ net: 50, gross: 50, tax: { lines: [], total: 0, note: null }, shippingAddress: null, ...over }) as Order;

  it('shows nothing for an order without tax', () => {
    const { container } = render(<OrderTaxSummary order={order({})} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows net, the order's tax lines and gross", () => {
    render(
      <OrderTaxSummary
        order={order({ gross: 59.5, tax: { lines: [{ rate: 19, net: 50, tax: 9.5 }], total: 9.5, note: null } })}
      />,
    );
    expect(figures()).toEqual([
      ['Net (excl. tax)', '$50.00'],
      ['Tax 19 %', '$9.50'],
      ['Gross', '$59.50'],
    ]);
  });
});
