import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * Keyset paging shared by every list route (docs/ARCHITECTURE.md, "Lists"): a page is "the
 * first `limit` rows after the last row of the previous page, in the list's order", found
 * through the index of that order. Page 1,000 costs what page 1 costs, and rows added or
 * removed meanwhile never make a reader see a row twice or miss one that existed throughout,
 * which OFFSET cannot promise.
 *
 * The cursor is opaque to clients: base64url JSON `{ s, k }` (`s`: a hash of the list, sort and
 * filters it belongs to; `k`: the last row's sort key, as text) followed by an HMAC of it, so a
 * cursor that was not made here, was edited, or belongs to another sort or query is a 400.
 */

/** base64url of the first 16 bytes of an HMAC-SHA256. */
const MAC_LENGTH = 22;

export interface KeysetCodec {
  /** The cursor that continues after a row whose sort key is `key`, within `scope`. */
  encode(scope: string, key: readonly string[]): string;
  /** The sort key a cursor carries; a 400 unless it was made here for this `scope`, with keys `check` accepts. */
  decode(cursor: string, scope: string, check: readonly RegExp[]): string[];
}

export function createKeysetCodec(secret: string): KeysetCodec {
  const key = createHmac('sha256', secret).update('keyset-cursor').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  const scopeHash = (scope: string) => createHash('sha256').update(scope).digest('base64url').slice(0, 16);
  const invalid = () =>
    badRequest('cursor is not valid for this list', { cursor: 'cursor is not valid for this list' });

  return {
    encode(scope, keyValues) {
      const payload = Buffer.from(JSON.stringify({ s: scopeHash(scope), k: keyValues })).toString('base64url');
      return payload + mac(payload).toString('base64url');
    },
    decode(cursor, scope, check) {
      if (cursor.length <= MAC_LENGTH) throw invalid();
      const payload = cursor.slice(0, -MAC_LENGTH);
      const given = Buffer.from(cursor.slice(-MAC_LENGTH), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      const { s, k } = (parsed ?? {}) as { s?: unknown; k?: unknown };
      // Ours, but from another sort, search or filter: its key means nothing here.
      if (s !== scopeHash(scope)) throw invalid();
      if (
        !Array.isArray(k) ||
        k.length !== check.length ||
        !k.every((v, i) => typeof v === 'string' && v.length <= 200 && check[i]!.test(v))
      )
        throw invalid();
      return k as string[];
    },
  };
}

/** Patterns for common key types, for `decode`'s `check`. */
export const KEY_PATTERNS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  integer: /^-?\d{1,18}$/,
  decimal: /^-?\d{1,12}(\.\d{1,12})?$/,
  /** Any text (a lower-cased name); SQL receives it as a parameter, never as SQL. */
  text: /^[\s\S]{0,200}$/,
  /** PostgreSQL's text form of a timestamptz (`2026-11-24 02:20:00.123456+00`). */
  timestamp: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
} as const;

export interface KeyColumn {
  /** The sort expression, exactly as the index and ORDER BY spell it. */
  expr: SQL;
  /** The SQL type of the key's text, e.g. `timestamptz`, `uuid`, `integer`, `numeric`, `text`. */
  type: string;
  desc?: boolean;
}

const cast = (value: string, type: string) => sql`cast(${value} as ${sql.raw(type)})`;

/**
 * Rows strictly after `values` in the order of `columns`. When every column runs the same way
 * this is a row comparison, `(a, b) > ($1, $2)`, which PostgreSQL answers as a range scan of the
 * (a, b) index. Mixed directions expand to `a < $1 or (a = $1 and b > $2)`, bounded by `a <= $1`.
 */
export function keysetAfter(columns: readonly KeyColumn[], values: readonly string[]): SQL {
  const typed = columns.map((c, i) => cast(values[i]!, c.type));
  const allDesc = columns.every((c) => c.desc);
  if (allDesc || columns.every((c) => !c.desc)) {
    const left = sql.join(
      columns.map((c) => c.expr),
      sql`, `,
    );
    const right = sql.join(typed, sql`, `);
    return allDesc ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const alternatives = columns.map((c, i) => {
    const equalBefore = columns.slice(0, i).map((p, j) => sql`${p.expr} = ${typed[j]!}`);
    const beyond = c.desc ? sql`${c.expr} < ${typed[i]!}` : sql`${c.expr} > ${typed[i]!}`;
    return sql.join([...equalBefore, beyond], sql` and `);
  });
  const first = columns[0]!;
  const bound = first.desc ? sql`${first.expr} <= ${typed[0]!}` : sql`${first.expr} >= ${typed[0]!}`;
  return sql`${bound} and (${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` or `,
  )})`;
}

/** `order by` for `columns`. */
export function keysetOrder(columns: readonly KeyColumn[]): SQL {
  return sql.join(
    columns.map((c) => (c.desc ? sql`${c.expr} desc` : sql`${c.expr} asc`)),
    sql`, `,
  );
}

/**
 * Headers of a paged answer: `X-Total-Count`, and `Link: <…>; rel="next"` (RFC 8288) with the
 * request's own path and query (plus `extra`, e.g. the `limit` a list applied on its own) and
 * the next cursor, a relative reference the client resolves against the address it asked.
 */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { total: number; nextCursor: string | null },
  extra: Record<string, string> = {},
): void {
  reply.header('x-total-count', String(page.total));
  if (page.nextCursor === null) return;
  const raw = request.url;
  const at = raw.indexOf('?');
  const path = at < 0 ? raw : raw.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : raw.slice(at + 1));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  params.set('cursor', page.nextCursor);
  reply.header('link', `<${path}?${params.toString()}>; rel="next"`);
}

/**
 * Of the `limit + 1` rows a page query read (one more than it shows, to know whether more
 * follow), the rows to show and the key of the last one when more follow.
 */
export function splitPage<R>(
  rows: readonly R[],
  limit: number,
  keyOf: (row: R) => string[],
): { shown: R[]; nextKey: string[] | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : [...rows];
  const last = shown.at(-1);
  return { shown, nextKey: more && last !== undefined ? keyOf(last) : null };
}
