import { fitmentYearMax, type Vehicle } from '@torque/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../../lib/errors.ts';
import { createLoadingCache } from '../../../lib/loading-cache.ts';
import { serialise, type SerialisedBody } from '../../../lib/serialised-body.ts';
import { importCheck, ImportRefused, noteError, type ImportCheck, type LineError } from '../../../lib/csv-import.ts';
import { parseFitmentCsv } from './fitment-csv.ts';
import type { FitmentRepository } from './fitment-repository.ts';

/** Vehicle lists kept in memory: one per make, model and year asked for, up to these bounds. */
export const VEHICLE_CACHE_MAX_ENTRIES = 2048;
export const VEHICLE_CACHE_MAX_BYTES = 8 * 1024 * 1024;
export { IMPORT_ERRORS_SHOWN, ImportRefused, type ImportCheck } from '../../../lib/csv-import.ts';

/**
 * The selector's lists (cached, dropped on every catalogue change, like the catalogue's pages),
 * the bulk import and the garage.
 */
export function createFitmentService(deps: {
  repository: FitmentRepository;
  changed: () => void;
  log: FastifyBaseLogger;
  /** How long a list is answered without a local change (the catalogue's own age). */
  maxAgeMs: number;
}) {
  const { repository: repo, changed } = deps;
  const lists = createLoadingCache<SerialisedBody>({
    maxEntries: VEHICLE_CACHE_MAX_ENTRIES,
    maxBytes: VEHICLE_CACHE_MAX_BYTES,
    sizeOf: (body) => body.json.length,
    maxAgeMs: deps.maxAgeMs,
    onRefreshError: (err) => deps.log.warn({ err }, 'vehicle list refresh failed; serving the previous list'),
  });
  // Names are matched ignoring case, so `?make=BMW` and `?make=bmw` share one entry.
  const cached = (key: unknown[], load: () => Promise<unknown[]>) =>
    lists.get(JSON.stringify(key).toLowerCase(), async () => serialise(await load()));

  /** The lines that passed, checked against the parts that exist, and every refusal in line order. */
  async function check(csv: string) {
    const parsed = await parseFitmentCsv(csv);
    if ('refused' in parsed) throw badRequest(parsed.refused, parsed.fields);
    const existing = await repo.existingParts([...new Set(parsed.rows.map((r) => r.partId))]);
    const missing = { errors: [] as LineError[], errorCount: 0 };
    const rows = parsed.rows.filter((r, i) => {
      if (existing.has(r.partId)) return true;
      noteError(missing, { line: parsed.lines[i]!, message: `No part with id ${r.partId}` });
      return false;
    });
    return { rows, answer: importCheck(rows.length, parsed, missing) };
  }

  return {
    invalidate: () => lists.clear(),

    makes: () => cached(['makes'], () => repo.makes()),
    models: (make: string) => cached(['models', make], () => repo.models(make)),
    years: (make: string, model: string) =>
      cached(['years', make, model], () => repo.years(make, model, fitmentYearMax())),
    engines: (make: string, model: string, year: number) =>
      cached(['engines', make, model, year], () => repo.engines(make, model, year)),

    /**
     * `POST /api/fitment/import`: a dry run answers the check; a real run applies nothing unless
     * every line passed (ImportRefused with the check otherwise), then replaces the fitment of each
     * part the file names by the file's rows, in one transaction, so the same file imported twice
     * leaves the same rows.
     */
    async importCsv(csv: string, dryRun: boolean): Promise<ImportCheck | { applied: number }> {
      const { rows, answer } = await check(csv);
      if (dryRun) return answer;
      if (answer.errorCount > 0) throw new ImportRefused(answer);
      const applied = await repo.replaceFitment(rows);
      changed();
      return { applied };
    },

    garage: (userId: string) => repo.garage(userId),
    async setGarage(userId: string, vehicles: Vehicle[]): Promise<Vehicle[]> {
      await repo.setGarage(userId, vehicles);
      return repo.garage(userId);
    },
  };
}
export type FitmentService = ReturnType<typeof createFitmentService>;
