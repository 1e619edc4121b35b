import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseVehicle, seedFitment } from '@/testing/fitment-fixtures.ts';
import { addUser, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

function openPurchase(partId: string, vehicle: object | null) {
  signInAs(addUser({ email: 'ann@example.com' }));
  if (vehicle) window.localStorage.setItem('vehicle', JSON.stringify(vehicle));
  return renderApp(`/purchase/${partId}`);
}

const yourVehicle = () => screen.findByRole('region', { name: 'Your vehicle' });

describe('Purchase page: fitment', () => {
  it('says the part fits the remembered vehicle, with the row that applies, and lists the fitment as a table', async () => {
    const { disc } = seedFitment();
    openPurchase(disc._id, { make: 'Volkswagen', model: 'Golf', year: 2016, engine: null });
    const region = await yourVehicle();
    expect(await within(region).findByText('Fits your vehicle')).toBeInTheDocument();
    expect(within(region).getByText('2016 Volkswagen Golf')).toBeInTheDocument();
    expect(within(region).getByText(/2013–2020 Volkswagen Golf/)).toHaveTextContent('Front axle only');

    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Make', 'Model', 'Years', 'Engine', 'Note']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /Golf 2013–2020/ })).toHaveTextContent('Front axle only');
  });

  it('switching to a vehicle the part does not fit says so, and the switch is kept in the garage', async () => {
    const { belt } = seedFitment();
    const { user } = openPurchase(belt._id, { make: 'Volkswagen', model: 'Golf', year: 2016, engine: '1.4 TSI' });
    const region = await yourVehicle();
    expect(await within(region).findByText('Fits your vehicle')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Change vehicle' }));
    const form = within(region).getByRole('form', { name: 'Change vehicle' });
    expect(within(form).getByLabelText('Make')).toHaveFocus();
    const engine = within(form).getByLabelText('Engine');
    await within(engine).findByRole('option', { name: '1.4 TSI' });
    await user.selectOptions(engine, '');
    // Any engine: the engine-bound row still applies (the vehicle names none).
    await user.click(within(form).getByRole('button', { name: 'Check fit' }));
    expect(await within(region).findByText('Fits your vehicle')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Change vehicle' }));
    const again = within(region).getByRole('form', { name: 'Change vehicle' });
    await chooseVehicle(user, again, { make: 'Ford', model: 'Focus', year: '2015' });
    await user.click(within(again).getByRole('button', { name: 'Check fit' }));
    expect(await within(region).findByText('Does not fit your vehicle')).toBeInTheDocument();
    expect(within(region).getByText('2015 Ford Focus')).toBeInTheDocument();
    expect(state.garages.get('ann@example.com')?.[0]).toEqual({
      make: 'Ford',
      model: 'Focus',
      year: 2015,
      engine: null,
    });
  });

  it('a universal part fits all vehicles; without a vehicle the page asks for one', async () => {
    const { plug } = seedFitment();
    openPurchase(plug._id, null);
    const region = await yourVehicle();
    expect(within(region).getByText('Choose your vehicle to see whether this part fits it.')).toBeInTheDocument();
    expect(within(region).getByRole('form', { name: 'Choose your vehicle' })).toBeInTheDocument();
    expect(screen.getByText('Fits all vehicles.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('the garage’s newest vehicle is used when this browser has chosen none', async () => {
    const { clutch } = seedFitment();
    state.garages.set('ann@example.com', [{ make: 'Ford', model: 'Focus', year: 2012, engine: '1.6 Ti-VCT' }]);
    openPurchase(clutch._id, null);
    const region = await yourVehicle();
    expect(await within(region).findByText('2012 Ford Focus 1.6 Ti-VCT')).toBeInTheDocument();
    expect(within(region).getByText('Fits your vehicle')).toBeInTheDocument();
  });
});
