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

export const golf = { make: 'Volkswagen', model: 'Golf', year: 2016, engine: '2.0 TDI' };
