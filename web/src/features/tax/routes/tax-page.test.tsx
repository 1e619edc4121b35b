import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openAsAdmin() {
  signInAs(addUser({ name: 'The Boss', email: 'boss@example.com', admin: true }));
  return renderApp('/dashboard/tax');
}

const rowOf = (place: string) =>
  within(screen.getByRole('table', { name: 'Tax rates' }))
    .getByRole('rowheader', { name: place })
    .closest('tr')!;

describe('Tax (admin)', () => {
  afterEach(() => server.events.removeAllListeners());

  it('is in the dashboard menu and opens with its heading, the rates and the report', async () => {
    openAsAdmin();
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(await within(menu).findByRole('link', { name: 'Tax' })).toHaveAttribute('href', '/dashboard/tax');
    expect(await screen.findByRole('heading', { name: 'Tax', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rates' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tax report' })).toBeInTheDocument();
  });

  it('adds, edits and deletes rates: country, optional region, rate in percent, name', async () => {
    const { user } = openAsAdmin();
    expect(await screen.findByText('No tax rates yet')).toBeInTheDocument();
    const add = screen.getByRole('form', { name: 'Add a rate' });
    await user.type(within(add).getByLabelText('Country'), 'de');
    await user.type(within(add).getByLabelText('Rate (%)'), '19');
    await user.type(within(add).getByLabelText('Name'), 'VAT');
    await user.click(within(add).getByRole('button', { name: 'Add rate' }));

    expect(await screen.findByText('VAT added')).toBeInTheDocument();
    expect(state.taxRates).toMatchObject([{ country: 'DE', region: null, rate: 19, name: 'VAT' }]);
    expect(within(rowOf('DE')).getByText('19 %')).toBeInTheDocument();
    expect(within(rowOf('DE')).getByText('whole country')).toBeInTheDocument();

    // A US state's rate with 3 decimals.
    await user.type(within(add).getByLabelText('Country'), 'US');
    await user.type(within(add).getByLabelText('Region (optional)'), 'ny');
    await user.type(within(add).getByLabelText('Rate (%)'), '8.875');
    await user.type(within(add).getByLabelText('Name'), 'Sales tax');
    await user.click(within(add).getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText('8.875 %')).toBeInTheDocument();
    expect(state.taxRates[1]).toMatchObject({ country: 'US', region: 'NY', rate: 8.875 });

    // Edit: the form takes the rate's values and saves them with PUT.
    await user.click(screen.getByRole('button', { name: 'Edit rate DE' }));
    const edit = await screen.findByRole('form', { name: 'Edit VAT' });
    expect(within(edit).getByLabelText('Rate (%)')).toHaveValue('19');
    await user.clear(within(edit).getByLabelText('Rate (%)'));
    await user.type(within(edit).getByLabelText('Rate (%)'), '7');
    await user.click(within(edit).getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('VAT saved')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('DE')).getByText('7 %')).toBeInTheDocument());
    expect(state.writes).toContain(`PUT /api/tax/rates/${state.taxRates[0]!._id}`);
    expect(screen.getByRole('form', { name: 'Add a rate' })).toBeInTheDocument();

    // Delete after the confirm dialog.
    await user.click(screen.getByRole('button', { name: 'Delete rate US-NY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tax rate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sales tax deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('8.875 %')).not.toBeInTheDocument());
    expect(state.taxRates).toHaveLength(1);
  });

  it("checks the form with the contract's messages, and shows the server's at the field", async () => {
    state.taxRates.push({
      _id: '00000000-0000-4000-8000-999999999999',
      country: 'US',
      region: 'CA',
      rate: 7.25,
      name: 'Sales tax',
    });
    const { user } = openAsAdmin();
    const add = await screen.findByRole('form', { name: 'Add a rate' });
    await user.type(within(add).getByLabelText('Country'), 'D1');
    await user.type(within(add).getByLabelText('Rate (%)'), 'abc');
    await user.click(within(add).getByRole('button', { name: 'Add rate' }));
    expect(await within(add).findByText('country must be a two-letter ISO 3166-1 code')).toBeInTheDocument();
    expect(within(add).getByText('rate must be a number (percent)')).toBeInTheDocument();
    expect(within(add).getByText('Name is required')).toBeInTheDocument();
    expect(within(add).getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(add).getByLabelText('Rate (%)'));
    await user.type(within(add).getByLabelText('Rate (%)'), '7.12345');
    await user.click(within(add).getByRole('button', { name: 'Add rate' }));
    expect(await within(add).findByText('rate can have at most 3 decimals')).toBeInTheDocument();

    // The server refuses a second rate for California: its message under Region.
    await user.clear(within(add).getByLabelText('Country'));
    await user.type(within(add).getByLabelText('Country'), 'US');
    await user.type(within(add).getByLabelText('Region (optional)'), 'CA');
    await user.clear(within(add).getByLabelText('Rate (%)'));
    await user.type(within(add).getByLabelText('Rate (%)'), '7.5');
    await user.type(within(add).getByLabelText('Name'), 'Sales tax');
    await user.click(within(add).getByRole('button', { name: 'Add rate' }));
    expect(await within(add).findByText('A rate for this country and region exists already')).toBeInTheDocument();
    expect(within(add).getByLabelText('Region (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(state.taxRates).toHaveLength(1);
  });

  it('reports net, tax and gross per country and rate for a period, with totals and the CSV', async () => {
    state.taxReport = [
      { country: 'DE', rate: 19, net: 100, tax: 19, gross: 119 },
      { country: 'US', rate: 7.25, net: 200.5, tax: 14.54, gross: 215.04 },
    ];
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/tax/report')) asked.push(new URL(request.url).search);
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = openAsAdmin();

    const table = await screen.findByRole('table', { name: 'Tax report by country and rate' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Country', 'Rate', 'Net', 'Tax', 'Gross']);
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(within(total).getByText('$300.50')).toBeInTheDocument();
    expect(within(total).getByText('$33.54')).toBeInTheDocument();
    expect(within(total).getByText('$334.04')).toBeInTheDocument();

    const period = screen.getByRole('form', { name: 'Report period' });
    await user.clear(within(period).getByLabelText('From'));
    await user.type(within(period).getByLabelText('From'), '2026-01-01');
    await user.clear(within(period).getByLabelText('To'));
    await user.type(within(period).getByLabelText('To'), '2026-03-31');
    await user.click(within(period).getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(asked).toContain('?from=2026-01-01&to=2026-03-31'));

    await user.click(within(period).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(asked.filter((q) => q === '?from=2026-01-01&to=2026-03-31')).toHaveLength(2);
  });

  it('refuses a period that ends before it starts', async () => {
    const { user } = openAsAdmin();
    const period = await screen.findByRole('form', { name: 'Report period' });
    await user.clear(within(period).getByLabelText('From'));
    await user.type(within(period).getByLabelText('From'), '2026-05-01');
    await user.clear(within(period).getByLabelText('To'));
    await user.type(within(period).getByLabelText('To'), '2026-04-01');
    await user.click(within(period).getByRole('button', { name: 'Show report' }));
    expect(await within(period).findByText('from must not be after to')).toBeInTheDocument();
  });

  it('says when the CSV cannot be downloaded', async () => {
    server.use(
      http.get('/api/tax/report.csv', () =>
        HttpResponse.json({ error: { code: 'X', message: 'Report unavailable' } }, { status: 503 }),
      ),
    );
    const { user } = openAsAdmin();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Report unavailable')).toBeInTheDocument();
  });
});
