import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * What a rejected request must leave alone: the row count of every table, the stock of every
 * part, and a digest of every row (a role, a paid flag or an email changed in place shows up
 * there even when no count moves).
 */
export interface Snapshot {
  counts: Record<string, number>;
  available: Record<string, number>;
  digests: Record<string, string>;
}

/**
 * Columns left out of the digests: a declined card is recorded on its payment intent (as
 * Stripe records `last_payment_error`) although the confirm call answers 402; and the mail
 * worker delivers what earlier accepted requests queued (and blanks a sent reset token) while
 * later ones are refused, which is background work, not the refused request's doing.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  sandbox_payment_intents: ['card_brand', 'card_last4', 'last_error', 'updated_at'],
  mail_outbox: ['payload', 'attempts', 'next_attempt_at', 'claimed_until', 'last_error', 'sent_at', 'updated_at'],
};

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads the database's snapshot, cheaply when nothing was written since the last read. */
export interface Snapshots {
  current(): Promise<Snapshot>;
}

/**
 * The next transaction id PostgreSQL will hand out. Any write (a row inserted, updated or
 * deleted, committed or not) takes one, and reading this takes none: while it stays the same,
 * nothing was written and the last snapshot still holds. On PGlite the cluster is the test's
 * own, so most requests cost this one query; on a shared PostgreSQL other databases' writes
 * move it too, which only means reading the whole snapshot more often.
 */
const WRITE_MARKER = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`;

export async function snapshots(db: Db): Promise<Snapshots> {
  const read = await snapshotReader(db);
  let marker: string | undefined;
  let last: Snapshot | undefined;
  return {
    async current() {
      const [row] = (await db.execute<{ xmax: string }>(WRITE_MARKER)).rows;
      if (last && row!.xmax === marker) return last;
      marker = row!.xmax;
      last = await read();
      return last;
    },
  };
}

/** One query that reads the whole snapshot. */
async function snapshotReader(db: Db): Promise<() => Promise<Snapshot>> {
  const columns = await db.execute<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (!(VOLATILE_COLUMNS[table] ?? []).includes(column)) tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  const selects = [...tables].flatMap(([table, cols], i) => [
    `(select count(*) from ${ident(table)}) as c${i}`,
    // hashtext over each row's text, summed: order-free, so no sort per request.
    `(select coalesce(sum(hashtext(row(${cols.map((c) => `t.${ident(c)}`).join(', ')})::text)::bigint), 0)::text from ${ident(table)} t) as d${i}`,
  ]);
  const query = sql.raw(
    `select ${selects.join(', ')}, (select coalesce(json_object_agg(id, available), '{}') from parts) as available`,
  );
  const names = [...tables.keys()];

  return async () => {
    const [row] = (await db.execute<Record<string, unknown>>(query)).rows;
    const snapshot: Snapshot = { counts: {}, digests: {}, available: {} };
    names.forEach((table, i) => {
      snapshot.counts[table] = Number(row![`c${i}`]);
      snapshot.digests[table] = String(row![`d${i}`]);
    });
    const available = row!.available;
    snapshot.available = (typeof available === 'string' ? JSON.parse(available) : available) as Record<string, number>;
    return snapshot;
  };
}

/** The differences between two snapshots, in words; empty when they are the same. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const table of Object.keys({ ...before.counts, ...after.counts })) {
    if (before.counts[table] !== after.counts[table])
      out.push(`${table}: ${before.counts[table]} → ${after.counts[table]} rows`);
    else if (before.digests[table] !== after.digests[table]) out.push(`${table}: a row changed in place`);
  }
  for (const id of Object.keys({ ...before.available, ...after.available })) {
    if (before.available[id] !== after.available[id])
      out.push(`part ${id}: available ${before.available[id]} → ${after.available[id]}`);
  }
  return out;
}
