import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * ARCHITECTURE.md, "Web": imports flow app → features → components, lib, hooks. A feature never
 * imports another feature (what two need lives in components/ or lib/, or app/ composes them),
 * and components/, lib/ and hooks/ import no feature and nothing of app/. One zone per feature
 * folder, read from the disk, so a new feature is covered without a list to keep.
 */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message:
    'A web feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
}));
const sharedZone = {
  target: ['./web/src/components', './web/src/lib', './web/src/hooks'],
  from: ['./web/src/features', './web/src/app'],
  message: 'components/, lib/ and hooks/ are shared by every feature: they import no feature and nothing of app/.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.cache/**', 'server/drizzle/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // ARCHITECTURE.md, "What lint keeps true": server and web depend on contract, never on each other.
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', '@torque/web'] }] },
  },
  // ARCHITECTURE.md, "The catalogue": the catalogue module in layers, each importing
  // only those before it: parts/ ← fitment/ ← search/ ← numbers/ ← the module's root (plugin, service, routes).
  ...[
    ['parts', '^\\.\\./(fitment|search|numbers)/|^\\.\\./[^/]+\\.ts$'],
    ['fitment', '^\\.\\./(search|numbers)/|^\\.\\./[^/]+\\.ts$'],
    ['search', '^\\.\\./numbers/|^\\.\\./[^/]+\\.ts$'],
    ['numbers', '^\\.\\./[^/]+\\.ts$'],
  ].map(([layer, regex]) => ({
    files: [`server/src/modules/catalogue/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@torque/web'] },
            {
              regex,
              message: `catalogue/${layer}/ imports only the layers before it (parts/ ← fitment/ ← search/ ← numbers/ ← root)`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**', '@torque/server'],
          // Imported statically, react-toastify is in the chunk of every page that can toast (issue 31).
          paths: [
            { name: 'react-toastify', message: "Toasts go through '@/lib/toast.ts', which fetches the library." },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  // The test kit is shared by server/test, e2e and bench: it reaches the server over HTTP (or a
  // transport the caller passes), never through its source.
  {
    files: ['testkit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', '@torque/server', '@torque/web'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Resolves `@/…` through web/tsconfig.json's paths, so an alias import is checked like a relative one.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'web/tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: featureZones }] },
  },
  {
    // A test beside a shared module may render it inside the app (lib/lazy-route.test.tsx).
    files: ['web/src/{components,lib,hooks}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...featureZones, sharedZone] },
      ],
    },
  },
);
