import { fuzzSuites } from './fuzz/suite.ts';

/**
 * Property-based fuzzing of every API route, second half, and the Stripe webhook (fuzz/suite.ts);
 * fuzz.test.ts runs the other routes.
 */
fuzzSuites({ share: 1, of: 2 });
