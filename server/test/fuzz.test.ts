import { fuzzSuites } from './fuzz/suite.ts';

/**
 * Property-based fuzzing of every API route, first half (fuzz/suite.ts says what each request
 * must satisfy and how to replay a run); fuzz-second-half.test.ts runs the other routes.
 */
fuzzSuites({ share: 0, of: 2 });
