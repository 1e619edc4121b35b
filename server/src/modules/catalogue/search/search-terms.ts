/**
 * What a search query asks for, before any SQL: its words. (The place to tell numbers from words:
 * a part number is matched in a normal form and never typo-corrected, issue #26.)
 */

/** At most this many words of a search are used: each one is an index lookup. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The words of a search, each matched on its own (with one `word_similarity` over the whole
 * text, one typo in a two-word search found nothing). Words of one letter are dropped unless
 * nothing else is left; repeats and words past MAX_SEARCH_TERMS are dropped.
 */
export function searchTerms(q: string | undefined): string[] {
  const words = (q ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const long = words.filter((w) => w.length >= 2);
  return [...new Set((long.length ? long : words).map((w) => w.toLowerCase()))].slice(0, MAX_SEARCH_TERMS);
}
