import { existsSync, readFileSync } from 'node:fs';

/**
 * The import rules `npm run lint` enforces (dependency-cruiser; `npm run lint:deps`).
 *
 * Violations that existed when the rules came in are listed in the baseline below and do not fail
 * lint (`--ignore-known`); a new one does. Shrink it as they are fixed:
 * `npx depcruise --config .dependency-cruiser.mjs --baseline .dependency-cruiser-known-violations.json --baseline-mode shrink-only server/src web/src`,
 * and delete it once it is empty.
 */
const BASELINE = new URL('.dependency-cruiser-known-violations.json', import.meta.url);
const MODULE = '^server/src/modules/[^/]+$';

/**
 * dependency-cruiser applies `--ignore-known` to file-level violations only (folder-level ones are
 * a TODO in its soften-known-violations.mjs), so the module cycles the baseline lists are handled
 * here, edge by edge: they stay visible as warnings, any other module cycle is an error.
 */
function knownModuleCycles() {
  const known = new Map();
  if (!existsSync(BASELINE)) return known;
  for (const violation of JSON.parse(readFileSync(BASELINE, 'utf8'))) {
    if (violation.rule.name !== 'no-circular-modules') continue;
    known.set(violation.from, [...(known.get(violation.from) ?? []), violation.to]);
  }
  return known;
}
const known = knownModuleCycles();
const exactly = (paths) => `^(${paths.join('|')})$`;

const moduleCycles = {
  name: 'no-circular-modules',
  severity: 'error',
  comment:
    'Two server modules (server/src/modules/*) that import each other, even through different files, are ' +
    'one concern in two folders: one owns it, the other depends on it (or listens to its events).',
  scope: 'folder',
};

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle makes files one unit that can be neither understood, tested nor moved apart. ' +
        'Extract what both need, or let one depend on the other through a port or an event.',
      from: { path: '^(server|web)/src/' },
      to: { circular: true },
    },
    {
      ...moduleCycles,
      from: { path: MODULE, ...(known.size > 0 && { pathNot: exactly([...known.keys()]) }) },
      to: { path: MODULE, circular: true },
    },
    ...[...known].flatMap(([from, tos]) => [
      { ...moduleCycles, from: { path: exactly([from]) }, to: { path: MODULE, pathNot: exactly(tos), circular: true } },
      {
        ...moduleCycles,
        severity: 'warn',
        from: { path: exactly([from]) },
        to: { path: exactly(tos), circular: true },
      },
    ]),
    {
      name: 'db-imports-no-module',
      severity: 'error',
      comment:
        'server/src/db is the layer below the modules (schema, client, migrations, seed): it never reaches ' +
        'up into server/src/modules. Move what it needs down into db/ or lib/.',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'no-cross-feature',
      severity: 'error',
      comment:
        'A web feature never imports another feature (app → features → shared). Lift what both use into ' +
        'components/, lib/ or hooks/, or compose the two in app/.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: a cycle through types still ties the files together.
    tsPreCompilationDeps: true,
    // web/tsconfig.json resolves the SPA's `@/…` alias; the server's imports are relative.
    tsConfig: { fileName: 'web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
