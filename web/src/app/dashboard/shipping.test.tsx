import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addPart, addShippingMethod, addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

/** PRODUCT.md §20: the admin's shipping methods, and the product form's weight. */
describe('Shipping (admin)', () => {
  const open = (path = '/dashboard/shipping') => {
    signInAs(addUser({ email: 'boss@example.com', admin: true }));
    return renderApp(path);
  };

  it('lists each method with its rate bands, and edits a band', async () => {
    const express = addShippingMethod({
      name: 'Express (US)',
      carrier: 'FedEx',
      carriesHazardous: false,
      freeOver: null,
      rates: [
        { upToGrams: 1000, price: 14.99 },
        { upToGrams: 30000, price: 59.99 },
      ],
    });
    const { user } = open();
    const rates = await screen.findByRole('table', { name: 'Express (US) rates' });
    expect(rates).toHaveTextContent('30 kg$59.99');
    await user.click(screen.getByRole('button', { name: 'Edit Express (US)' }));
    const form = within(screen.getByRole('form', { name: 'Edit Express (US)' }));
    await user.clear(form.getByLabelText('Band 2: price ($)'));
    await user.type(form.getByLabelText('Band 2: price ($)'), '64.99');
    await user.click(form.getByRole('button', { name: 'Save method' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Express (US) rates' })).toHaveTextContent('$64.99'));
    expect(express.rates[1]).toEqual({ upToGrams: 30000, price: 64.99 });
  });

  it('adds a method; bands out of order are refused before anything is sent', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add a shipping method' }));
    const form = within(screen.getByRole('form', { name: 'New shipping method' }));
    await user.type(form.getByLabelText('Name'), 'Freight');
    await user.type(form.getByLabelText('Carrier'), 'Estes');
    await user.clear(form.getByLabelText('Countries (ISO codes, comma-separated)'));
    await user.type(form.getByLabelText('Countries (ISO codes, comma-separated)'), 'us, ca');
    await user.type(form.getByLabelText('Band 1: up to (g)'), '500000');
    await user.type(form.getByLabelText('Band 1: price ($)'), '299');
    await user.click(form.getByRole('button', { name: 'Add a band' }));
    await user.type(form.getByLabelText('Band 2: up to (g)'), '150000');
    await user.type(form.getByLabelText('Band 2: price ($)'), '149');
    await user.type(form.getByLabelText('Fastest (days)'), '4');
    await user.type(form.getByLabelText('Slowest (days)'), '7');
    await user.click(form.getByLabelText('Carries hazardous goods'));
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await form.findByText('Bands must go up in weight, each bound once')).toBeInTheDocument();
    expect(state.writes).toEqual([]);

    await user.click(form.getByRole('button', { name: 'Remove band 1' }));
    await user.click(form.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByRole('table', { name: 'Freight rates' })).toHaveTextContent('150 kg$149.00');
    expect(state.shippingMethods[0]).toMatchObject({
      countries: ['US', 'CA'],
      carriesHazardous: true,
      estimateDays: [4, 7],
      freeOver: null,
      active: true,
    });
  });

  it('Manage Products flags a part whose weight was never given; Edit asks for it', async () => {
    const part = addPart({ name: 'Old Stock Hose', weightDefaulted: true, weightGrams: 1000 });
    const { user } = open('/dashboard/manage-products');
    const row = (await screen.findByText('Old Stock Hose')).closest('tr')!;
    expect(within(row).getByText('Weight not set')).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'Edit product Old Stock Hose' }));
    const weight = await screen.findByLabelText('Weight (g)');
    expect(weight).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weight is required')).toBeInTheDocument();
    await user.type(weight, '2400');
    await user.click(screen.getByLabelText(/Hazardous goods/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(part.weightDefaulted).toBe(false));
    expect(part).toMatchObject({ weightGrams: 2400, hazardous: true });
  });
});
