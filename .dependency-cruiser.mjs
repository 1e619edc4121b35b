/**
 * The import rules `npm run lint` enforces (dependency-cruiser; `npm run lint:deps`). Every rule is
 * an error: the violations that predated them (the parts/fitment cycle, the seed importing a
 * module) were fixed when the catalogue became one module, and with them the baseline went.
 */
const MODULE = '^server/src/modules/[^/]+$';

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
      from: { path: '^(server|web|contract)/src/' },
      to: { circular: true },
    },
    { ...moduleCycles, from: { path: MODULE }, to: { path: MODULE, circular: true } },
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
