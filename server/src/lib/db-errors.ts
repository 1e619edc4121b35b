/** PostgreSQL/pg error codes that mean "the database is not there right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function codeOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^\d{2}[0-9A-Z]{3}$/.test(code))) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageChain(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    parts.push(String((e as { message?: unknown }).message ?? ''));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return /timeout exceeded when trying to connect|timeout expired|Connection terminated|connect ECONNREFUSED|Query read timeout|pool is closed|PGlite is closed/i.test(
    messageChain(error),
  );
}

/**
 * Text PostgreSQL refuses to store (a NUL character, bytes that are not UTF-8): the client's
 * input, never a fault of ours, so a 400.
 */
export function isUnstorableValue(error: unknown): boolean {
  const code = codeOf(error);
  return code === '22021' || code === '22P05';
}

/**
 * PostgreSQL ended a transaction to break a deadlock (40P01) or a serialization conflict (40001):
 * nothing of it was kept, and the same request sent again succeeds. Not the client's fault and
 * not a bug to report as one: a 503 that says to try again.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40P01' || code === '40001';
}

export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}
