import type { Alias } from 'vite';

/**
 * The SPA runs on Preact through preact/compat (docs/decisions/009-preact-compat.md): every import
 * of React, ours and the libraries', resolves to it. One list for the build (vite.config.ts) and
 * the tests (vitest.config.ts), so the tests run what ships. A subpath maps to compat's file of the
 * same name (`react-dom/client` → `preact/compat/client`, `react/jsx-runtime` →
 * `preact/compat/jsx-runtime`): one compat lacks fails the build instead of loading React.
 */
export const reactToPreact: Alias[] = [
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
  { find: /^react(-dom)?\/(.+)$/, replacement: 'preact/compat/$2' },
];

/**
 * Libraries that import React. Vitest loads dependencies with Node as they are, where an alias does
 * not apply and they would get React itself: a second renderer with its own hooks. Vitest must
 * bundle these through Vite (`server.deps.inline`) so the aliases reach them.
 */
export const importsReact = [
  /[\\/]node_modules[\\/](react-router|@tanstack[\\/]react-query|react-hook-form|@hookform[\\/]resolvers|react-toastify|@stripe[\\/]react-stripe-js|@visx[\\/][^\\/]+|@testing-library[\\/]react)[\\/]/,
];
