import path from 'node:path';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { importsReact, reactToPreact } from './preact-compat.ts';

function testingLibraryEsm(): string {
  const main = fileURLToPath(import.meta.resolve('@testing-library/react'));
  return path.join(path.dirname(main), '@testing-library', 'react.esm.js');
}

export default defineConfig({
  // The same JSX and React aliases as the build (vite.config.ts): the tests run on Preact.
  plugins: [preact({ reactAliasesEnabled: false, prefreshEnabled: false, devToolsEnabled: false })],
  resolve: {
    tsconfigPaths: true,
    alias: [
      ...reactToPreact,
      // Node would load react-router's CommonJS build for 'react-router/dom' and the ES build for
      // 'react-router': two copies, two contexts. Point both at the ES build.
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(import.meta.resolve('react-router/dom')) },
      // Testing Library's package has no `exports`: Node would take its CommonJS build, whose
      // require('react-dom/client') no alias reaches. Its ES build imports, which Vite aliases.
      { find: /^@testing-library\/react$/, replacement: testingLibraryEsm() },
    ],
  },
  test: {
    // Libraries that import React go through Vite, where the aliases apply (preact-compat.ts).
    server: { deps: { inline: importsReact } },
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
