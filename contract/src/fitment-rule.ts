/**
 * The fit rule and the vehicle's label, without zod: the web's light pages (the catalogue, the
 * landing hero) import this module alone (`@torque/contract/fitment-rule`), so they do not
 * load the schemas. `fitment.ts` re-exports all of it.
 */

/**
 * What the rule reads of a fitment row and of a vehicle: the schemas in `fitment.ts` make these
 * shapes (and more), and this module imports nothing of them, so the two never import each other.
 */
export interface FitRow {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
}
export interface FitVehicle {
  make: string;
  model: string;
  year: number;
  engine: string | null;
}

/** The most vehicles a customer keeps in "My garage". */
export const GARAGE_MAX = 5;

/**
 * Does a row fit a vehicle? The one rule, used by the purchase page and the card; the server's
 * SQL filter says the same (tested against each other): make and model equal ignoring case,
 * the year inside the row's range (both ends included), and the engine equal ignoring case
 * unless the row names none or the vehicle none.
 */
export function rowFits(row: FitRow, v: FitVehicle): boolean {
  const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');
  return (
    same(row.make, v.make) &&
    same(row.model, v.model) &&
    v.year >= row.yearFrom &&
    v.year <= row.yearTo &&
    (row.engine === null || v.engine === null || same(row.engine, v.engine))
  );
}

/** The rows of a part that apply to a vehicle; a universal part fits with no rows. */
export function fitFor<Row extends FitRow>(part: { universal: boolean; fitment: Row[] }, v: FitVehicle) {
  const rows = part.fitment.filter((r) => rowFits(r, v));
  return { fits: part.universal || rows.length > 0, rows };
}

/** "2016 Volkswagen Golf 1.4 TSI". */
export const vehicleLabel = (v: FitVehicle): string => [v.year, v.make, v.model, v.engine].filter(Boolean).join(' ');
