/**
 * A vehicle in the address, with the API's names (`make`, `model`, `year`, `engine`), so a link
 * to "brake discs for a 2016 Golf" can be shared. Kept free of the contract's schemas: the
 * landing page and the catalogue use it.
 */
import type { Vehicle } from '@torque/contract';

/** The query names, in the address's order. */
export const VEHICLE_PARAMS = ['make', 'model', 'year', 'engine'] as const;

/** The vehicle an address names, or null unless it names make, model and a 4-digit year. */
export function readVehicle(search: URLSearchParams): Vehicle | null {
  const make = search.get('make')?.trim() ?? '';
  const model = search.get('model')?.trim() ?? '';
  const yearText = search.get('year')?.trim() ?? '';
  if (!make || !model || !/^\d{4}$/.test(yearText)) return null;
  const engine = search.get('engine')?.trim() || null;
  return { make, model, year: Number(yearText), engine };
}

/** Adds `vehicle`'s params to `search` (engine only when one is chosen). */
export function writeVehicle(search: URLSearchParams, vehicle: Vehicle | null): URLSearchParams {
  if (!vehicle) return search;
  search.set('make', vehicle.make);
  search.set('model', vehicle.model);
  search.set('year', String(vehicle.year));
  if (vehicle.engine) search.set('engine', vehicle.engine);
  return search;
}

/** `/parts?make=…&model=…&year=…[&engine=…]`: the catalogue for a vehicle. */
export const partsPathFor = (vehicle: Vehicle): string => `/parts?${writeVehicle(new URLSearchParams(), vehicle)}`;

const fold = (text: string | null) => (text ?? '').toLocaleLowerCase('en');

/** The same vehicle, as the API compares them (names ignoring case). */
export function sameVehicle(a: Vehicle | null, b: Vehicle | null): boolean {
  if (!a || !b) return a === b;
  return (
    fold(a.make) === fold(b.make) &&
    fold(a.model) === fold(b.model) &&
    a.year === b.year &&
    fold(a.engine) === fold(b.engine)
  );
}
