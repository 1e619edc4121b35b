/**
 * negotiator 1.x ships no types and @types/negotiator describes 0.6, which lacks the `preferred`
 * option (the server's order among equally acceptable encodings). Only what we call is declared.
 */
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Readonly<Record<string, string | readonly string[] | undefined>> });
    /** The most acceptable of `available`; ties go to the first in `options.preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}
