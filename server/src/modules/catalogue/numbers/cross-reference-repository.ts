import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { importReferences, type StoredReference } from '../parts/cross-reference-rows.ts';

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
    /**
     * Adds (or updates) every reference and moves the edit version of each part that gained or
     * changed one; all or nothing.
     */
    async addReferences(rows: readonly StoredReference[]): Promise<void> {
      await db.transaction((tx) => importReferences(tx, rows));
    },
  };
}
export type CrossReferenceRepository = ReturnType<typeof createCrossReferenceRepository>;
