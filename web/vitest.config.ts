import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    tsconfigPaths: true,
    // Node would load react-router's CommonJS build for 'react-router/dom' and the ES build for
    // 'react-router': two copies, two contexts. Point both at the ES build.
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(import.meta.resolve('react-router/dom')) },
    ],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A hang detector, not a speed check: a test that waits for the page (findBy*, up to
    // asyncUtilTimeout = 15 s each in src/testing/setup.ts) must be allowed several such waits.
    // The 5 s default timed tests out mid-wait when three suites shared the 2 cores.
    testTimeout: 60_000,
  },
});
