import type { AddressFields } from '@torque/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema/index.ts';

export type StoredAddress = typeof addresses.$inferSelect;

/** Which defaults a write sets (true) or clears (false); absent: unchanged. */
export interface DefaultFlags {
  defaultShipping?: boolean | undefined;
  defaultBilling?: boolean | undefined;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every statement on the address book. Writes take a transaction-scoped advisory lock on the
 * account first, so one account's writes take turns: the book's size is counted and a default
 * moved from one address to another without two writers meeting on the defaults' unique indexes.
 */
export function createAddressesRepository(db: Db) {
  const inTurn = (tx: Tx, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(28001, hashtext(${userId}))`);

  /** Clears the account's other defaults of the kinds `flags` sets. */
  async function moveDefaults(tx: Tx, userId: string, flags: DefaultFlags) {
    if (flags.defaultShipping)
      await tx
        .update(addresses)
        .set({ defaultShipping: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.defaultShipping, true)));
    if (flags.defaultBilling)
      await tx
        .update(addresses)
        .set({ defaultBilling: false })
        .where(and(eq(addresses.userId, userId), eq(addresses.defaultBilling, true)));
  }

  return {
    list: (userId: string): Promise<StoredAddress[]> =>
      db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id)),

    async get(userId: string, id: string): Promise<StoredAddress | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
      return row;
    },

    async defaultBilling(userId: string): Promise<StoredAddress | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.defaultBilling, true)));
      return row;
    },

    /**
     * Adds an address unless the book already holds `max` (then undefined). The account's first
     * address becomes its default shipping and billing address unless the write says otherwise.
     */
    async create(
      userId: string,
      fields: AddressFields,
      flags: DefaultFlags,
      max: number,
    ): Promise<StoredAddress | undefined> {
      return db.transaction(async (tx) => {
        await inTurn(tx, userId);
        const [held] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
        const n = Number(held?.n ?? 0);
        if (n >= max) return undefined;
        const defaults = {
          defaultShipping: flags.defaultShipping ?? n === 0,
          defaultBilling: flags.defaultBilling ?? n === 0,
        };
        await moveDefaults(tx, userId, defaults);
        const [row] = await tx
          .insert(addresses)
          .values({ ...fields, ...defaults, userId })
          .returning();
        return row;
      });
    },

    /** Replaces the address's fields; undefined when the account has no such address. */
    async update(userId: string, id: string, fields: AddressFields, flags: DefaultFlags) {
      return db.transaction(async (tx) => {
        await inTurn(tx, userId);
        // Another account's (or no) address: nothing changes, the defaults of the caller's neither.
        const [mine] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
        if (!mine) return undefined;
        await moveDefaults(tx, userId, flags);
        const [row] = await tx
          .update(addresses)
          .set({
            ...fields,
            ...(flags.defaultShipping !== undefined && { defaultShipping: flags.defaultShipping }),
            ...(flags.defaultBilling !== undefined && { defaultBilling: flags.defaultBilling }),
            updatedAt: new Date(),
          })
          .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
          .returning();
        return row;
      });
    },

    /** Whether the account had the address (it is gone now). */
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
