import type { Part } from '@torque/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductsTable } from './products-table.tsx';

const part = (name: string, available: number, minimunOrder: number): Part => ({
  _id: `00000000-0000-4000-8000-00000000000${available % 10}`,
  name,
  des: 'x',
  img: '/images/parts/x.svg',
  minimunOrder,
  available,
  price: 10,
  universal: false,
  partNumber: `TP-${10000 + available}`,
  brand: 'Torque Parts',
  crossReferences: [],
  replacedBy: null,
  weightGrams: 1000,
  weightDefaulted: false,
  hazardous: false,
  priceBreaks: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('Manage Products table', () => {
  it('marks parts with fewer units than their minimum order "Low stock", and links each to its edit form', () => {
    render(
      <MemoryRouter>
        <ProductsTable parts={[part('Scarce pad', 3, 5), part('Plenty disc', 8, 5)]} onDelete={vi.fn()} />
      </MemoryRouter>,
    );
    const [, scarce, plenty] = screen.getAllByRole('row');
    expect(within(scarce!).getByText('Low stock')).toBeInTheDocument();
    expect(within(plenty!).queryByText('Low stock')).not.toBeInTheDocument();
    expect(within(scarce!).getByRole('link', { name: 'Edit product Scarce pad' })).toHaveAttribute(
      'href',
      '/dashboard/manage-products/00000000-0000-4000-8000-000000000003/edit',
    );
    // Phones: every cell names its column, so the card shows each value and action.
    for (const cell of within(scarce!).getAllByRole('cell')) expect(cell).toHaveAttribute('data-label');
  });
});
