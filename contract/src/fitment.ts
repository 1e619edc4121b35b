import { z } from 'zod';
import { GARAGE_MAX } from './fitment-rule.ts';

export { GARAGE_MAX, fitFor, rowFits, vehicleLabel } from './fitment-rule.ts';

/**
 * Fitment: which vehicles a part fits (PRODUCT.md §15). A part is either universal (fits every
 * vehicle) or has rows: make, model, a range of model years, optionally an engine and a note
 * ("with air conditioning only"). Within one model's years the right part can change, so rows
 * are ranges with qualifiers, not a flag per model.
 */

/** The oldest model year the catalogue takes. */
export const FITMENT_YEAR_MIN = 1900;
/** The newest model year: next year's models are sold from the autumn before. */
export const fitmentYearMax = (now: Date = new Date()): number => now.getUTCFullYear() + 1;
/** The most fitment rows one part may have when edited in the product form. */
export const FITMENT_ROWS_MAX = 300;
/** Column order of `POST /api/fitment/import`'s CSV (header line required). */
export const FITMENT_CSV_COLUMNS = ['partId', 'make', 'model', 'yearFrom', 'yearTo', 'engine', 'note'] as const;
/** The most lines (without the header) one import takes. */
export const FITMENT_IMPORT_MAX_LINES = 200_000;

const name = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional qualifier: empty text and null both mean "none". */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A model year, as a number or numeric text (forms and query strings send text). */
export const modelYear = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,4}$/, `${label} must be a year`)
          .transform(Number),
      ],
      {
        message: `${label} must be a year`,
      },
    )
    .pipe(
      z
        .number()
        .int(`${label} must be a year`)
        .refine((y) => y >= FITMENT_YEAR_MIN && y <= fitmentYearMax(), {
          error: () => `${label} must be between ${FITMENT_YEAR_MIN} and ${fitmentYearMax()}`,
        }),
    );

export const makeName = name('Make', 60);
export const modelName = name('Model', 60);
export const engineName = optionalText('Engine', 60);
export const fitmentNote = optionalText('Note', 200);

/** One fitment row as the API sends it and the product form edits it. */
export const fitmentRow = z.object({
  make: z.string(),
  model: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  engine: z.string().nullable(),
  note: z.string().nullable(),
});
export type FitmentRow = z.infer<typeof fitmentRow>;

/** A fitment row as an admin sends it (product form or one CSV line). */
export const fitmentRowInput = z
  .object({
    make: makeName,
    model: modelName,
    yearFrom: modelYear('Year from'),
    yearTo: modelYear('Year to'),
    engine: engineName,
    note: fitmentNote,
  })
  .refine((r) => r.yearFrom <= r.yearTo, { message: 'Year from must not be after Year to', path: ['yearTo'] });
export type FitmentRowInput = z.input<typeof fitmentRowInput>;

/** The whole fitment of a part, as `POST/PUT /api/parts` take it (replaces what was there). */
export const fitmentInput = z
  .array(fitmentRowInput)
  .max(FITMENT_ROWS_MAX, `A part can have at most ${FITMENT_ROWS_MAX} fitment rows`);

/** A vehicle: what a customer picks in the selector. `engine` is optional (null: any engine). */
export const vehicle = z.object({
  make: makeName,
  model: modelName,
  year: modelYear('Year'),
  engine: engineName,
});
export type Vehicle = z.output<typeof vehicle>;
export type VehicleInput = z.input<typeof vehicle>;

/** Query of `GET /api/vehicles/models`. */
export const vehicleModelsQuery = z.object({ make: makeName });
/** Query of `GET /api/vehicles/years`. */
export const vehicleYearsQuery = z.object({ make: makeName, model: modelName });
/** Query of `GET /api/vehicles/engines`. */
export const vehicleEnginesQuery = z.object({ make: makeName, model: modelName, year: modelYear('Year') });

/** Answers of the selector's lists: sorted names (makes, models, engines); years newest first. */
export const vehicleNames = z.array(z.string());
export const vehicleYears = z.array(z.number().int());

/** Query of `POST /api/fitment/import`. */
export const fitmentImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

/** One refused CSV line: `line` is the file's line number (the header is line 1). */
export const importError = z.object({ line: z.number().int(), message: z.string() });
/**
 * Answer of a dry run (200) and of a refused import (422). `valid`: the lines that passed;
 * `errors`: the first refused lines (at most 100, in line order); `errorCount`: all of them.
 */
export const fitmentImportCheck = z.object({
  valid: z.number().int(),
  errors: z.array(importError),
  errorCount: z.number().int().optional(),
});
/** Answer of an applied import: rows written (each named part's fitment replaced by the file's). */
export const fitmentImportApplied = z.object({ applied: z.number().int() });

/** Body of `PUT /api/garage` and answer of `GET/PUT /api/garage`: newest first, at most GARAGE_MAX. */
export const garageInput = z.array(vehicle).max(GARAGE_MAX, `My garage holds at most ${GARAGE_MAX} vehicles`);
