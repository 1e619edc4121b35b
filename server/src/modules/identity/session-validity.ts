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
  /**
   * Lookups under way, one per session: when an entry runs out under load, every request of that
   * session in the meantime waits for the same query instead of each sending its own (a burst of
   * identical queries every RECHECK_AFTER_MS was the tail of a busy buyer's latency).
   */
  const inFlight = new Map<string, Promise<Entry>>();

  async function query(sessionId: string): Promise<Entry> {
    const [row] = await db
      .select({ role: user.role, userId: user.id })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
    return { role: row?.role ?? null, userId: row?.userId ?? null, checkedAt: Date.now() };
  }

  function lookup(sessionId: string): Promise<Entry> {
    const pending = inFlight.get(sessionId);
    if (pending) return pending;
    const started = query(sessionId).then((entry) => {
      // A sign-out or role change while the query ran dropped this lookup: its answer may predate it.
      if (inFlight.get(sessionId) === started) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(sessionId, entry);
      }
      return entry;
    });
    inFlight.set(sessionId, started);
    const settled = () => inFlight.get(sessionId) === started && inFlight.delete(sessionId);
    void started.then(settled, settled);
    return started;
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
      inFlight.delete(sessionId);
    },
    forgetUser(userId: string): void {
      for (const [sid, entry] of entries) if (entry.userId === userId) entries.delete(sid);
      // A lookup under way does not know its user yet: drop them all (the next request asks again).
      inFlight.clear();
    },
  };
}

export type SessionValidity = ReturnType<typeof createSessionValidity>;
