import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema/index.ts';

/** How long a positive check is trusted before the database is asked again. */
const RECHECK_AFTER_MS = 2_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  role: 'user' | 'admin' | null;
  userId: string | null;
  checkedAt: number;
}

/**
 * Is the session behind an access token still alive, and does its user still have the role
 * the token claims? Answered from memory: each session is looked up at most once every
 * RECHECK_AFTER_MS, and local sign-outs, deletions and role changes drop the entry at once.
 * Another instance sees such a change within RECHECK_AFTER_MS.
 */
export function createSessionValidity(db: Db) {
  const entries = new Map<string, Entry>();

  async function lookup(sessionId: string): Promise<Entry> {
    const [row] = await db
      .select({ role: user.role, userId: user.id })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
    const entry: Entry = { role: row?.role ?? null, userId: row?.userId ?? null, checkedAt: Date.now() };
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(sessionId, entry);
    return entry;
  }

  return {
    /** 'ok', 'revoked' (session gone, user deleted) or 'stale' (role changed: exchange again). */
    async check(sessionId: string, userId: string, role: 'user' | 'admin'): Promise<'ok' | 'revoked' | 'stale'> {
      let entry = entries.get(sessionId);
      if (!entry || Date.now() - entry.checkedAt > RECHECK_AFTER_MS) entry = await lookup(sessionId);
      if (entry.role === null || entry.userId !== userId) return 'revoked';
      return entry.role === role ? 'ok' : 'stale';
    },
    forgetSession(sessionId: string): void {
      entries.delete(sessionId);
    },
    forgetUser(userId: string): void {
      for (const [sid, entry] of entries) if (entry.userId === userId) entries.delete(sid);
    },
  };
}
export type SessionValidity = ReturnType<typeof createSessionValidity>;
