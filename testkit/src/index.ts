/**
 * The test kit: one definition of each helper that the server suites (server/test), the
 * end-to-end suite (e2e/support) and the benchmarks (bench/src) share. Dependency-light on
 * purpose: node:net/child_process, fetch and pg, nothing of the server's own code.
 */
export * from './eventually.ts';
export * from './free-port.ts';
export * from './server-process.ts';
export * from './postgres.ts';
export * from './api.ts';
export * from './fake-vies.ts';
