/**
 * A `LIKE` pattern matching text that contains `q` (lower-cased; `%`, `_` and `\` taken
 * literally). Compared against `lower(column)`, which the admin lists' trigram indexes hold, so
 * PostgreSQL answers it from the index once `q` has three characters.
 */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
