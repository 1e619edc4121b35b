import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { addFittedPart, fitmentRow } from './mock-state.ts';

/** A small catalogue with fitment: two Golf parts (one engine-bound, one with a note), a Focus part, a universal one. */
export function seedFitment() {
  const disc = addFittedPart({ name: 'Brake Disc' }, [
    fitmentRow({ make: 'Volkswagen', model: 'Golf', yearFrom: 2013, yearTo: 2020, note: 'Front axle only' }),
    fitmentRow({ make: 'Ford', model: 'Focus', yearFrom: 2012, yearTo: 2018 }),
  ]);
  const belt = addFittedPart({ name: 'Timing Belt' }, [
    fitmentRow({ make: 'Volkswagen', model: 'Golf', yearFrom: 2013, yearTo: 2020, engine: '1.4 TSI' }),
  ]);
  const clutch = addFittedPart({ name: 'Clutch Kit' }, [
    fitmentRow({ make: 'Ford', model: 'Focus', yearFrom: 2011, yearTo: 2018, engine: '1.6 Ti-VCT' }),
  ]);
  const plug = addFittedPart({ name: 'Spark Plug', universal: true }, []);
  return { disc, belt, clutch, plug };
}

/** Picks make, model, year (and engine) in a vehicle selector form, each once its list has it. */
export async function chooseVehicle(
  user: UserEvent,
  form: HTMLElement,
  vehicle: { make: string; model: string; year: string; engine?: string },
) {
  const pick = async (label: string, value: string) => {
    const select = within(form).getByLabelText(label);
    await within(select).findByRole('option', { name: value });
    await user.selectOptions(select, value);
  };
  await pick('Make', vehicle.make);
  await pick('Model', vehicle.model);
  await pick('Year', vehicle.year);
  if (vehicle.engine) await pick('Engine', vehicle.engine);
}
