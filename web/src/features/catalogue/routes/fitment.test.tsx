import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseVehicle, seedFitment } from '@/testing/fitment-fixtures.ts';
import { addUser, http, HttpResponse, server, signInAs, state } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const golfPath = '/parts?make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI';

describe('Vehicle selector on the landing page', () => {
  it('fills each list from the API once the one before is chosen, then opens /parts for the vehicle', async () => {
    seedFitment();
    const { user, router } = renderApp('/');
    const form = await screen.findByRole('form', { name: 'Find parts for your vehicle' });
    const make = within(form).getByLabelText('Make');
    expect(within(form).getByLabelText('Model')).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Find parts' })).toBeDisabled();

    await within(make).findByRole('option', { name: 'Volkswagen' });
    await user.selectOptions(make, 'Volkswagen');
    const model = within(form).getByLabelText('Model');
    await within(model).findByRole('option', { name: 'Golf' });
    await user.selectOptions(model, 'Golf');
    const year = within(form).getByLabelText('Year');
    await within(year).findByRole('option', { name: '2016' });
    expect(within(year).getAllByRole('option')[1]).toHaveTextContent('2020'); // newest first
    await user.selectOptions(year, '2016');
    const engine = within(form).getByLabelText('Engine');
    await within(engine).findByRole('option', { name: '1.4 TSI' });
    expect(engine).toHaveValue(''); // "Any engine"
    await user.selectOptions(engine, '1.4 TSI');
    await user.click(within(form).getByRole('button', { name: 'Find parts' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parts for your 2016 Volkswagen Golf 1.4 TSI' }),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('vehicle')!)).toEqual({
      make: 'Volkswagen',
      model: 'Golf',
      year: 2016,
      engine: '1.4 TSI',
    });
  });

  it('changing the make clears the model, year and engine', async () => {
    seedFitment();
    window.localStorage.setItem(
      'vehicle',
      JSON.stringify({ make: 'Volkswagen', model: 'Golf', year: 2016, engine: null }),
    );
    const { user } = renderApp('/');
    const form = await screen.findByRole('form', { name: 'Find parts for your vehicle' });
    expect(within(form).getByLabelText('Model')).toHaveValue('Golf'); // remembered, shown at once
    await within(within(form).getByLabelText('Make')).findByRole('option', { name: 'Ford' });
    await user.selectOptions(within(form).getByLabelText('Make'), 'Ford');
    expect(within(form).getByLabelText('Model')).toHaveValue('');
    expect(within(form).getByLabelText('Year')).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Find parts' })).toBeDisabled();
  });

  it('signed in, a chosen vehicle goes to the front of the garage', async () => {
    seedFitment();
    signInAs(addUser({ email: 'ann@example.com' }));
    state.garages.set('ann@example.com', [{ make: 'Ford', model: 'Focus', year: 2014, engine: null }]);
    window.localStorage.setItem(
      'vehicle',
      JSON.stringify({ make: 'Volkswagen', model: 'Golf', year: 2016, engine: null }),
    );
    const { user } = renderApp('/');
    const form = await screen.findByRole('form', { name: 'Find parts for your vehicle' });
    await within(within(form).getByLabelText('Engine')).findByRole('option', { name: '1.4 TSI' });
    await user.click(within(form).getByRole('button', { name: 'Find parts' }));
    await waitFor(() =>
      expect(state.garages.get('ann@example.com')).toEqual([
        { make: 'Volkswagen', model: 'Golf', year: 2016, engine: null },
        { make: 'Ford', model: 'Focus', year: 2014, engine: null },
      ]),
    );
  });
});

describe('Catalogue for a vehicle', () => {
  it('asks the API for the vehicle and shows only what fits, each card with its verdict and the rows that apply', async () => {
    seedFitment();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/parts') asked.push(new URL(request.url).search);
    });
    renderApp(golfPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parts for your 2016 Volkswagen Golf 1.4 TSI' }),
    ).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(cardNames()).toEqual(['Brake Disc', 'Timing Belt', 'Spark Plug']);
    expect(asked[0]).toBe('?make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI&limit=12');
    server.events.removeAllListeners();

    const [discCard, , plugCard] = screen.getAllByRole('article');
    expect(within(discCard!).getByText('Fits your vehicle')).toBeInTheDocument();
    expect(within(discCard!).getByText(/2013–2020 Volkswagen Golf/)).toHaveTextContent('Front axle only');
    expect(within(plugCard!).getByText('Fits all vehicles')).toBeInTheDocument();
    expect(screen.getByText('3 parts')).toBeInTheDocument();
  });

  it('uses the remembered vehicle when the address has none, and writes it into the address', async () => {
    seedFitment();
    window.localStorage.setItem('vehicle', JSON.stringify({ make: 'Ford', model: 'Focus', year: 2014, engine: null }));
    const { router } = renderApp('/parts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parts for your 2014 Ford Focus' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?make=Ford&model=Focus&year=2014'));
  });

  it('the address wins over the remembered vehicle and becomes the remembered one', async () => {
    seedFitment();
    window.localStorage.setItem('vehicle', JSON.stringify({ make: 'Ford', model: 'Focus', year: 2014, engine: null }));
    renderApp(golfPath);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parts for your 2016 Volkswagen Golf 1.4 TSI' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('vehicle')!)).toMatchObject({ make: 'Volkswagen' }),
    );
  });

  it('Clear vehicle shows the whole catalogue and stays cleared; Change vehicle picks another', async () => {
    seedFitment();
    const { user, router } = renderApp(golfPath);
    await screen.findByRole('heading', { level: 1, name: 'Parts for your 2016 Volkswagen Golf 1.4 TSI' });
    await user.click(screen.getByRole('button', { name: 'Clear vehicle' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Parts catalogue' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('4 parts')).toBeInTheDocument();
    expect(screen.queryByText('Fits your vehicle')).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Find parts for your vehicle' });
    await chooseVehicle(user, form, { make: 'Ford', model: 'Focus', year: '2012' });
    await user.click(within(form).getByRole('button', { name: 'Show parts' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parts for your 2012 Ford Focus' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Brake Disc', 'Clutch Kit', 'Spark Plug']));
  });

  it('nothing fitting says so, with Clear vehicle as the way out', async () => {
    seedFitment();
    server.use(http.get('/api/parts', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderApp('/parts?make=Volkswagen&model=Golf&year=2010');
    expect(await screen.findByText('No part in the catalogue fits your vehicle yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Clear vehicle' })).toHaveLength(2);
  });
});
