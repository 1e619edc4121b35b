import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { upsertReferences, type StoredReference } from '../parts/cross-reference-rows.ts';
import { bumpVersions } from '../parts/part-version.ts';

/** The import's statements: part numbers to ids, and the references added in one transaction. */
export function createCrossReferenceRepository(db: Db) {
  return {
    /** The id of each part whose own number (normal form) is among `normals`. */
    async idsOfNumbers(normals: readonly string[]): Promise<Map<string, string>> {
      if (normals.length === 0) return new Map();
      const { rows } = await db.execute<{ normal: string; id: string }>(
        sql`select part_number_normal as normal, id from parts
            where part_number_normal = any(${`{${normals.map((n) => JSON.stringify(n)).join(',')}}`}::text[])`,
      );
      return new Map(rows.map((r) => [r.normal, String(r.id)]));
    },
    /** Adds (or updates) every reference and moves its part's edit version; all or nothing. */
    async addReferences(rows: readonly StoredReference[]): Promise<void> {
      await db.transaction(async (tx) => {
        await upsertReferences(tx, rows);
        await bumpVersions(tx, [...new Set(rows.map((r) => r.partId))].sort());
      });
    },
  };
}
export type CrossReferenceRepository = ReturnType<typeof createCrossReferenceRepository>;
