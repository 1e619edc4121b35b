/**
 * The `cursor` of the `rel="next"` target in a `Link` header (RFC 8288: several links separated
 * by commas, `rel` quoted or not, possibly with several relation types), or null when there is
 * no next page. The paged lists' one reader of it (docs/ARCHITECTURE.md, keyset paging).
 */
export function nextCursor(link: string | null): string | null {
  if (!link) return null;
  for (const entry of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(entry);
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/i.exec(match?.[2] ?? '')?.[1] ?? '';
    if (match && rel.toLowerCase().split(/\s+/).includes('next')) {
      return new URL(match[1]!, 'http://link.invalid').searchParams.get('cursor');
    }
  }
  return null;
}
