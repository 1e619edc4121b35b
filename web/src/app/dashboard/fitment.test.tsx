import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseVehicle, seedFitment } from '@/testing/fitment-fixtures.ts';
import { addFittedPart, addUser, fitmentRow, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { fillFields, productValues } from '@/testing/product-form.ts';
import { renderApp } from '@/testing/render-app.tsx';

const focus = { make: 'Ford', model: 'Focus', year: 2014, engine: null };
const golf = { make: 'Volkswagen', model: 'Golf', year: 2016, engine: '1.4 TSI' };

describe('My garage (profile)', () => {
  function openProfile(garage: object[]) {
    signInAs(addUser({ email: 'ann@example.com' }));
    state.garages.set('ann@example.com', garage as never);
    return renderApp('/dashboard/my-profile');
  }
  const garageRegion = () => screen.findByRole('region', { name: 'My garage' });

  it('lists the vehicles newest first, the one in use marked; Choose moves one to the front and into use', async () => {
    seedFitment();
    const { user } = openProfile([golf, focus]);
    const region = await garageRegion();
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^2016 Volkswagen Golf 1\.4 TSIIn use/),
      expect.stringMatching(/^2014 Ford Focus/),
    ]);
    expect(within(region).getByRole('link', { name: 'Parts for 2014 Ford Focus' })).toHaveAttribute(
      'href',
      '/parts?make=Ford&model=Focus&year=2014',
    );

    await user.click(within(region).getByRole('button', { name: 'Choose 2014 Ford Focus' }));
    await waitFor(() => expect(state.garages.get('ann@example.com')).toEqual([focus, golf]));
    expect(
      await within(region).findByRole('button', { name: 'Choose 2016 Volkswagen Golf 1.4 TSI' }),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('vehicle')!)).toEqual(focus);
  });

  it('Remove takes a vehicle out; adding one puts it first', async () => {
    seedFitment();
    const { user } = openProfile([golf, focus]);
    const region = await garageRegion();
    await user.click(await within(region).findByRole('button', { name: 'Remove 2014 Ford Focus' }));
    await waitFor(() => expect(state.garages.get('ann@example.com')).toEqual([golf]));
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);

    const add = within(region).getByRole('form', { name: 'Add a vehicle' });
    await chooseVehicle(user, add, { make: 'Ford', model: 'Focus', year: '2014' });
    await user.click(within(add).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(state.garages.get('ann@example.com')).toEqual([focus, golf]));
    await waitFor(() => expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent(/^2014 Ford Focus/));
  });

  it('a full garage (5) asks to remove one before adding another', async () => {
    const five = [2010, 2011, 2012, 2013, 2014].map((year) => ({ ...focus, year }));
    openProfile(five);
    const region = await garageRegion();
    expect(
      await within(region).findByText('Your garage holds 5 vehicles. Remove one to add another.'),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('form', { name: 'Add a vehicle' })).not.toBeInTheDocument();
  });
});

describe('Product form: fitment rows', () => {
  function openAsAdmin(path: string) {
    signInAs(addUser({ email: 'root@example.com', admin: true }));
    return renderApp(path);
  }
  const row = (n: number) => screen.getByRole('group', { name: `Vehicle ${n}` });
  it('adds rows, checks them with the contract as typed, and sends universal and the rows', async () => {
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, screen.getByRole('main'), productValues);
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(within(row(2)).getByLabelText('Make')).toHaveFocus();
    await user.type(within(row(1)).getByLabelText('Make'), 'Volkswagen');
    await user.type(within(row(1)).getByLabelText('Model'), 'Golf');
    await user.type(within(row(1)).getByLabelText('Year from'), '2016');
    await user.type(within(row(1)).getByLabelText('Year to'), '2013');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await within(row(1)).findByText('Year from must not be after Year to')).toBeInTheDocument();
    expect(within(row(2)).getByText('Make is required')).toBeInTheDocument();
    expect(within(row(2)).getByLabelText('Make')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove vehicle 2' }));
    expect(screen.queryByRole('group', { name: 'Vehicle 2' })).not.toBeInTheDocument();
    await user.clear(within(row(1)).getByLabelText('Year from'));
    await user.type(within(row(1)).getByLabelText('Year from'), '2013');
    await user.clear(within(row(1)).getByLabelText('Year to'));
    await user.type(within(row(1)).getByLabelText('Year to'), '2020');
    await user.type(within(row(1)).getByLabelText('Note'), 'with air conditioning only');
    await user.click(screen.getByLabelText('Fits all vehicles (universal part)'));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('item added')).toBeInTheDocument();
    const part = state.parts[0]!;
    expect(part.universal).toBe(true);
    expect(state.fitment.get(part._id)).toEqual([
      {
        make: 'Volkswagen',
        model: 'Golf',
        yearFrom: 2013,
        yearTo: 2020,
        engine: null,
        note: 'with air conditioning only',
      },
    ]);
    expect(screen.queryByRole('group', { name: 'Vehicle 1' })).not.toBeInTheDocument(); // the form starts afresh
  });

  it("shows the server's errors under the row's field they name", async () => {
    server.use(
      http.post('/api/parts', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Engine must be at most 60 characters',
              fields: { 'fitment.0.engine': 'Engine must be at most 60 characters' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = openAsAdmin('/dashboard/add-product');
    await screen.findByLabelText('Name');
    await fillFields(user, screen.getByRole('main'), productValues);
    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    for (const [label, value] of Object.entries({
      Make: 'Ford',
      Model: 'Focus',
      'Year from': '2012',
      'Year to': '2018',
    }))
      await user.type(within(row(1)).getByLabelText(label), value);
    await user.type(within(row(1)).getByLabelText('Engine'), '1.0 EcoBoost');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(row(1)).findByText('Engine must be at most 60 characters')).toBeInTheDocument();
    expect(within(row(1)).getByLabelText('Engine')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Edit shows the part’s rows; removing one and saving sends the rest', async () => {
    const part = addFittedPart({ name: 'Brake Disc' }, [
      fitmentRow({ make: 'Volkswagen', model: 'Golf', yearFrom: 2013, yearTo: 2020, note: 'Front axle only' }),
      fitmentRow({ make: 'Ford', model: 'Focus', yearFrom: 2012, yearTo: 2018 }),
    ]);
    const { user } = openAsAdmin(`/dashboard/manage-products/${part._id}/edit`);
    await screen.findByRole('form', { name: 'Edit product' });
    expect(within(row(1)).getByLabelText('Note')).toHaveValue('Front axle only');
    expect(within(row(2)).getByLabelText('Year from')).toHaveValue('2012');
    await user.click(screen.getByRole('button', { name: 'Remove vehicle 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('item updated')).toBeInTheDocument();
    expect(state.fitment.get(part._id)).toEqual([
      { make: 'Ford', model: 'Focus', yearFrom: 2012, yearTo: 2018, engine: null, note: null },
    ]);
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Vehicle / })).toHaveLength(1));
  });
});
