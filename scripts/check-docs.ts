/**
 * The docs check (`npm run lint:docs`, part of `npm run lint`): a document that cites something
 * that does not exist is wrong, so every Markdown file of the repository is read for
 *
 * - repository paths (`server/src/app.ts`, `plugins/access.ts`, `parts-service.ts`, `web/src/app/`,
 *   Markdown links): a tracked file or folder must match;
 * - migrations (`server/drizzle/0006_search_lexicon.sql` or `0006_search_lexicon`): the SQL file
 *   must exist;
 * - npm scripts (`npm run X`, `npm run X -w Y`, `npm test -w Y`): the package must have the script;
 * - the tables marked `<!-- docs-check: e2e-journeys -->` and `<!-- docs-check: bench-scenarios -->`:
 *   their first column must name exactly the e2e specs and the bench scenarios the code has.
 *
 * Prints each problem as `file:line: …` and exits 1 when there is any.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCENARIOS } from '../bench/src/api/settings.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Every file of the work tree that git tracks or would track (new files count, ignored ones don't). */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
  .toString()
  .split('\n')
  .filter(Boolean);
const FOLDERS = new Set(
  FILES.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const FOLDER_NAMES = new Set([...FOLDERS].map((folder) => path.posix.basename(folder)));
const BASENAMES = new Set(FILES.map((file) => path.posix.basename(file)));

/** What the build and the runs write, which git ignores: cited, never tracked. */
const GENERATED = /^(server\/dist|web\/dist|dist|data|e2e\/artifacts|e2e\/test-results|bench\/results|\.cache)(\/|$)/;
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|sql|md|css|html|ya?ml|sh)$/;
/** A file named alone (`parts-service.ts`); a bare `openapi.json` or `server.mjs` is served or built. */
const SOURCE_EXTENSION = /\.(ts|tsx|sql|md|css|sh)$/;
/** Not a path: URLs, globs, placeholders, API paths, packages, options, variables. */
const NOT_A_PATH = /:\/\/|[*…<>{}$=?#@|\\]|^[/-]|^\.\.?$|^[A-Z_]+\//;

interface Citation {
  line: number;
  text: string;
}

interface Problem {
  doc: string;
  line: number;
  message: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Code spans and fenced blocks, where paths and commands are cited; the rest is prose. */
function codeOf(markdown: string): Citation[] {
  const code: Citation[] = [];
  for (const match of markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)) {
    const fenced = match[1] !== undefined;
    code.push({ line: lineOf(markdown, match.index) + (fenced ? 1 : 0), text: match[1] ?? match[2]! });
  }
  return code;
}

/** A word of code that names a file or folder of the repository, cleaned of punctuation and line numbers. */
function pathIn(word: string): string | null {
  const token = word
    .replace(/^["'(]+|["'),.;:]+$/g, '')
    .replace(/:[\d,-]+$/, '')
    .replace(/^\.\//, '');
  if (!token || NOT_A_PATH.test(token)) return null;
  if (!token.includes('/')) return SOURCE_EXTENSION.test(token) && !token.startsWith('.') ? token : null;
  return FILE_EXTENSION.test(token) || FOLDER_NAMES.has(token.split('/')[0]!) ? token : null;
}

/** Whether a cited path names a tracked file or folder, whole or as its tail (`plugins/access.ts`). */
function exists(cited: string): boolean {
  const name = cited.replace(/\/$/, '');
  if (GENERATED.test(name)) return true;
  if (!name.includes('/')) return BASENAMES.has(name) || FOLDER_NAMES.has(name);
  return (
    FOLDERS.has(name) ||
    FILES.includes(name) ||
    FILES.some((file) => file.endsWith(`/${name}`) || file.includes(`/${name}/`))
  );
}

/** Paths in code spans and blocks, and paths with a file extension in prose. */
function citedPaths(markdown: string): Citation[] {
  const cited: Citation[] = [];
  for (const { line, text } of codeOf(markdown))
    text.split('\n').forEach((row, i) => {
      for (const word of row.split(/\s+/)) {
        const found = pathIn(word);
        if (found) cited.push({ line: line + i, text: found });
      }
    });
  const prose = markdown.replace(/```[\s\S]*?```|`[^`\n]+`/g, (code) => code.replace(/[^\n]/g, ' '));
  for (const match of prose.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|md|sql|json|mjs))\b/g))
    cited.push({ line: lineOf(prose, match.index), text: match[1]! });
  return cited;
}

function checkPaths(doc: string, markdown: string): Problem[] {
  return citedPaths(markdown)
    .filter(({ text }) => !exists(text))
    .map(({ line, text }) => ({ doc, line, message: `cites ${text}, which does not exist` }));
}

/** Markdown links to files of the repository, relative to the document. */
function checkLinks(doc: string, markdown: string): Problem[] {
  const problems: Problem[] = [];
  for (const match of markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(match[1]!)) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), match[1]!)).replace(/\/$/, '');
    if (!FILES.includes(target) && !FOLDERS.has(target))
      problems.push({
        doc,
        line: lineOf(markdown, match.index),
        message: `links to ${match[1]}, which does not exist`,
      });
  }
  return problems;
}

function checkMigrations(doc: string, markdown: string): Problem[] {
  const problems: Problem[] = [];
  for (const match of markdown.matchAll(/(?<![\w-])(\d{4}_[a-z][a-z0-9_]*)(?:\.sql)?\b/g))
    if (!FILES.includes(`server/drizzle/${match[1]}.sql`))
      problems.push({
        doc,
        line: lineOf(markdown, match.index),
        message: `names the migration ${match[1]}, but server/drizzle/ has no ${match[1]}.sql`,
      });
  return problems;
}

/** Scripts per package, by folder (`server`) and by name (`@torque/server`); '' is the root. */
function scriptsByPackage(): Map<string, Set<string>> {
  const read = (dir: string) =>
    JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
      workspaces?: string[];
    };
  const root = read('.');
  const packages = new Map([['', new Set(Object.keys(root.scripts ?? {}))]]);
  for (const dir of root.workspaces ?? []) {
    const pkg = read(dir);
    const scripts = new Set(Object.keys(pkg.scripts ?? {}));
    packages.set(dir, scripts).set(pkg.name, scripts);
  }
  return packages;
}
const SCRIPTS = scriptsByPackage();

function checkScripts(doc: string, markdown: string): Problem[] {
  const problems: Problem[] = [];
  const command = /npm (?:run(?:-script)? ([\w:.-]+)|(test|start))((?:\s+(?:-w|--workspace)[\s=]+[@\w/.-]+)*)/g;
  for (const match of markdown.matchAll(command)) {
    const script = match[1] ?? match[2]!;
    const workspaces = [...match[3]!.matchAll(/(?:-w|--workspace)[\s=]+([@\w/.-]+)/g)].map((w) => w[1]!);
    for (const workspace of workspaces.length ? workspaces : ['']) {
      const scripts = SCRIPTS.get(workspace);
      const where = workspace ? `workspace ${workspace}` : 'the root package.json';
      if (!scripts)
        problems.push({
          doc,
          line: lineOf(markdown, match.index),
          message: `runs npm in ${where}, which is not a workspace`,
        });
      else if (!scripts.has(script))
        problems.push({
          doc,
          line: lineOf(markdown, match.index),
          message: `runs \`npm run ${script}\`, which ${where} does not have`,
        });
    }
  }
  return problems;
}

/** The names in the first column of the table that follows `<!-- docs-check: name -->`. */
function tableAfter(markdown: string, marker: string): { line: number; names: string[] } | null {
  const at = markdown.indexOf(`<!-- docs-check: ${marker} -->`);
  if (at < 0) return null;
  const rows = markdown.slice(at).split('\n').slice(1);
  const start = rows.findIndex((row) => row.startsWith('|'));
  const end = rows.findIndex((row, i) => i > start && !row.startsWith('|'));
  const table = rows.slice(start, end < 0 ? undefined : end);
  // Header and separator rows first; each row's first cell is a `name`.
  const names = table.slice(2).map((row) => /^\|\s*`([^`]+)`/.exec(row)?.[1] ?? row);
  return { line: lineOf(markdown, at), names };
}

/** The checked tables and what the code has for each. */
const CHECKED_TABLES: Record<string, () => string[]> = {
  'e2e-journeys': () =>
    FILES.filter((file) => /^e2e\/specs\/[^/]+\.spec\.ts$/.test(file)).map((file) =>
      path.posix.basename(file, '.spec.ts'),
    ),
  'bench-scenarios': () => [...SCENARIOS],
};

function checkTables(docs: Map<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const [marker, fromCode] of Object.entries(CHECKED_TABLES)) {
    const found = [...docs]
      .map(([doc, markdown]) => ({ doc, table: tableAfter(markdown, marker) }))
      .filter((t) => t.table);
    if (found.length !== 1) {
      problems.push({
        doc: '(docs)',
        line: 0,
        message: `expected one table marked docs-check: ${marker}, found ${found.length}`,
      });
      continue;
    }
    const { doc, table } = found[0]!;
    const inCode = fromCode();
    const missing = inCode.filter((name) => !table!.names.includes(name));
    const extra = table!.names.filter((name) => !inCode.includes(name));
    if (missing.length)
      problems.push({ doc, line: table!.line, message: `the ${marker} table lacks ${missing.join(', ')}` });
    if (extra.length)
      problems.push({
        doc,
        line: table!.line,
        message: `the ${marker} table lists ${extra.join(', ')}, which the code does not have`,
      });
  }
  return problems;
}

const docs = new Map(
  FILES.filter((file) => file.endsWith('.md')).map((doc) => [doc, readFileSync(path.join(ROOT, doc), 'utf8')]),
);
const problems = [
  ...[...docs].flatMap(([doc, markdown]) => [
    ...checkPaths(doc, markdown),
    ...checkLinks(doc, markdown),
    ...checkMigrations(doc, markdown),
    ...checkScripts(doc, markdown),
  ]),
  ...checkTables(docs),
];
for (const { doc, line, message } of problems) console.error(`${doc}:${line}: ${message}`);
if (problems.length) {
  console.error(`\n${problems.length} statement(s) in the docs cite what does not exist (scripts/check-docs.ts).`);
  process.exit(1);
}
console.log(`docs check: ${docs.size} documents, every cited path, migration, script and checked table holds.`);
