import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { User } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

type UserRow = typeof user.$inferSelect;

/** What a customer edits on My Profile. */
export interface ProfileFields {
  name: string;
  address: string;
  phone: string;
  linkedin: string;
}

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    address: row.address,
    phone: row.phone,
    linkedin: row.linkedin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Make Admin's paged order, newest account first, and its keyset (index user_created_at_id). */
const USER_KEY: KeyColumn[] = [
  { expr: sql`${user.createdAt}`, type: 'timestamptz', desc: true },
  { expr: sql`${user.id}`, type: 'text', desc: true },
];
export const USER_KEY_PATTERNS = [KEY_PATTERNS.timestamp, /^[\w-]{1,100}$/];

/** Part of a name or an e-mail address, case-insensitive (trigram indexes on both). */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = containsPattern(q);
  return sql`(lower(${user.name}) like ${like} or lower(${user.email}) like ${like})`;
}

export function createUsersRepository(db: Db) {
  return {
    /** The name to put on a review: the account's display name, else its email. */
    async displayNameOf(userId: string, email: string): Promise<string> {
      const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
      return row?.name.trim() || email;
    },

    async byEmail(email: string): Promise<User | undefined> {
      const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
      return row && toUser(row);
    },
    async byId(id: string): Promise<User | undefined> {
      const [row] = await db.select().from(user).where(eq(user.id, id));
      return row && toUser(row);
    },
    async list(): Promise<User[]> {
      return (await db.select().from(user).orderBy(asc(user.createdAt), asc(user.id))).map(toUser);
    },
    /** One page of users matching `q`, after the key `after`, and the key of its last when more follow. */
    async page(
      q: string | undefined,
      limit: number,
      after: string[] | undefined,
    ): Promise<{ users: User[]; nextKey: string[] | null }> {
      const rows = await db
        .select({ row: user, k0: sql<string>`(${user.createdAt})::text`, k1: user.id })
        .from(user)
        .where(and(searchCondition(q), after && keysetAfter(USER_KEY, after)))
        .orderBy(keysetOrder(USER_KEY))
        .limit(limit + 1);
      const { shown, nextKey } = splitPage(rows, limit, (last) => [last.k0, last.k1]);
      return { users: shown.map((r) => toUser(r.row)), nextKey };
    },
    async count(q: string | undefined): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(user)
        .where(searchCondition(q));
      return Number(row?.n ?? 0);
    },
    async updateProfile(email: string, fields: ProfileFields): Promise<User | undefined> {
      const [row] = await db.update(user).set(fields).where(eq(user.email, email.toLowerCase())).returning();
      return row && toUser(row);
    },
    async setRole(email: string, role: 'user' | 'admin'): Promise<User | undefined> {
      const [row] = await db.update(user).set({ role }).where(eq(user.email, email.toLowerCase())).returning();
      return row && toUser(row);
    },
    /** Promotes every listed email that has an account (ADMIN_EMAILS at start). */
    async promoteAll(emails: readonly string[]): Promise<number> {
      if (emails.length === 0) return 0;
      const rows = await db
        .update(user)
        .set({ role: 'admin' })
        .where(
          sql`${user.email} in (${sql.join(
            emails.map((e) => sql`${e}`),
            sql`, `,
          )}) and ${user.role} <> 'admin'`,
        )
        .returning({ id: user.id });
      return rows.length;
    },
    /**
     * Deletes a user (their sessions and sign-in accounts go with them) unless they are the
     * last admin. Locks the admins' rows so two admins deleting each other can't both win.
     */
    async remove(id: string): Promise<'deleted' | 'not-found' | 'last-admin'> {
      return db.transaction(async (tx) => {
        const admins = await tx.execute(sql`select id from "user" where role = 'admin' for update`);
        const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, id));
        if (!target) return 'not-found';
        if (target.role === 'admin' && admins.rows.length <= 1) return 'last-admin';
        await tx.delete(user).where(eq(user.id, id));
        return 'deleted';
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
