import { isPartNumberToken, normalisePartNumber, PART_NUMBER_MAX } from '@torque/contract';

/**
 * What a search query asks for, before any SQL: its words and its part numbers (PRODUCT.md §17).
 * A word is matched with typo tolerance (words.ts); a number only in its normal form, exactly or
 * as the start of a number, never typo-corrected (numbers.ts).
 */

/** At most this many words and numbers of a search are used: each one is an index lookup. */
export const MAX_SEARCH_TERMS = 8;

/** A number in a search: consecutive number tokens (`1K0 698 151`) read as one. */
export interface SearchNumber {
  /** The normal form the number is looked up by (`1K0698151`). */
  normal: string;
  /** Its tokens lower-cased: a number written in a part's name or description is found as those words. */
  tokens: string[];
}

export interface SearchTerms {
  /** Words, lower-cased, each matched on its own (typos tolerated). */
  words: string[];
  numbers: SearchNumber[];
  /**
   * The whole query's normal form when it could be a part number (letters, digits and separators
   * only): a part whose own or cross-referenced number it is exactly is found whatever its words.
   */
  whole: string | null;
}

/** Characters a number may hold besides letters and digits: they separate nothing inside it. */
const TOKEN_SPLIT = /[^\p{L}\p{N}\-./]+/u;
const EDGE_SEPARATORS = /^[-./]+|[-./]+$/g;

/**
 * The words and numbers of a search. A token holding a digit (letters, digits, `-`, `.`, `/`) is a
 * number; consecutive number tokens are one number. Other tokens split into words at anything but
 * letters and digits. Words of one letter are dropped unless nothing else is left; repeats, and
 * words and numbers past MAX_SEARCH_TERMS, are dropped.
 */
export function searchTerms(q: string | undefined): SearchTerms {
  const text = (q ?? '').trim();
  const tokens = text
    .split(TOKEN_SPLIT)
    .map((t) => t.replace(EDGE_SEPARATORS, ''))
    .filter(Boolean);
  const words: string[] = [];
  const runs: string[][] = [];
  let run: string[] | null = null;
  for (const token of tokens) {
    if (isPartNumberToken(token)) {
      if (!run) runs.push((run = []));
      run.push(token);
      continue;
    }
    run = null;
    words.push(...token.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  }
  const long = words.filter((w) => w.length >= 2);
  const uniqueWords = [...new Set((long.length ? long : words).map((w) => w.toLowerCase()))];
  const numbers = new Map<string, SearchNumber>();
  for (const r of runs) {
    const normal = normalisePartNumber(r.join(''));
    if (!numbers.has(normal)) numbers.set(normal, { normal, tokens: r.map((t) => t.toLowerCase()) });
  }
  const numberList = [...numbers.values()].slice(0, MAX_SEARCH_TERMS);
  const wholeNormal = normalisePartNumber(text);
  const couldBeNumber =
    text.length <= PART_NUMBER_MAX && /^[A-Za-z0-9][A-Za-z0-9 \-./]*$/.test(text) && wholeNormal.length >= 2;
  return {
    words: uniqueWords.slice(0, MAX_SEARCH_TERMS - numberList.length),
    numbers: numberList,
    whole: couldBeNumber && !numbers.has(wholeNormal) ? wholeNormal : null,
  };
}
