import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';

/** How long a positive check is trusted before the database is asked again. */
const RECHECK_AFTER_MS = 2_000;
const MAX_ENTRIES = 50_000;

/**
 * $1 session id, $2 now (ISO text): the session's user and role while the session is unexpired.
 * Hand-written and prepared by name: a lookup runs about once per busy session every
 * RECHECK_AFTER_MS, and building it with Drizzle's query builder and planning it afresh each time
 * was about a tenth of the server's CPU in the checkout profile (docs/PERFORMANCE.md, "Checkout").
 */
const SESSION_USER = `
  select u.role, u.id as "userId" from session as s join "user" as u on u.id = s.user_id
  where s.id = $1::text and s.expires_at > $2::timestamptz`;

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
    const [row] = await preparedQuery<{ role: 'user' | 'admin'; userId: string }>(db, 'session_user', SESSION_USER, [
      sessionId,
      new Date().toISOString(),
    ]);
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
