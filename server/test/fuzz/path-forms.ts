import fc from 'fast-check';

/**
 * Other spellings of one path, each of which a URL parser or a server behind us may resolve to
 * another path (issue 24): dot segments (`.`, `..`, and `%2e` in either case, alone or mixed),
 * encoded slashes and backslashes, literal backslashes, doubled slashes, a trailing slash, a
 * percent-encoded ordinary character, a fragment, and the absolute form of the request target.
 * Each form names how it was made, so a failure says which spelling got through.
 */
export interface PathForm {
  form: string;
  how: string;
}

/** Inserted after a slash: a segment that resolves away (`.`) or climbs back (`x/..`). */
const DOT_SEGMENTS = ['./', '%2e/', '%2E/', 'x/../', 'x/%2e%2e/', 'x/.%2e/', 'x/%2E./', 'x/%2E%2E/'];
/** Written instead of a slash between two segments. */
const SLASH_SPELLINGS = ['%2f', '%2F', '%5c', '%5C', '\\', '//', '/./', '/%2e/'];
/** Appended to the path. */
const ENDINGS = ['/', '/.', '/%2e', '/..', '/%2e%2e', '#', '#/../x'];

const encoded = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Positions just after each slash of `path`. */
function slashPositions(path: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < path.length; i++) if (path[i] === '/') at.push(i + 1);
  return at;
}

/** Every single-change form of `path` (a plain path starting with '/'), exhaustively. */
export function pathForms(path: string): PathForm[] {
  const forms: PathForm[] = [];
  for (const at of slashPositions(path)) {
    for (const insert of DOT_SEGMENTS)
      forms.push({ form: path.slice(0, at) + insert + path.slice(at), how: `${insert} after char ${at}` });
    forms.push({ form: `${path.slice(0, at)}/${path.slice(at)}`, how: `slash doubled at ${at}` });
    const next = path[at];
    if (next && /[A-Za-z0-9._~-]/.test(next))
      forms.push({ form: path.slice(0, at) + encoded(next) + path.slice(at + 1), how: `'${next}' percent-encoded` });
  }
  for (const at of slashPositions(path).slice(1))
    for (const spelling of SLASH_SPELLINGS)
      forms.push({ form: path.slice(0, at - 1) + spelling + path.slice(at), how: `slash ${at} as ${spelling}` });
  for (const ending of ENDINGS) forms.push({ form: path + ending, how: `ending ${ending}` });
  forms.push({ form: `http://shop.test${path}`, how: 'absolute form' });
  return forms;
}

/**
 * Random combinations of two to four changes of `path`: a change never makes a path plain
 * again, so every form stays one the server must refuse.
 */
export function mangledPath(path: string): fc.Arbitrary<PathForm> {
  const change = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), text: fc.constantFrom(...DOT_SEGMENTS), at: fc.nat() }),
    fc.record({ kind: fc.constant('slash' as const), text: fc.constantFrom(...SLASH_SPELLINGS), at: fc.nat() }),
    fc.record({ kind: fc.constant('end' as const), text: fc.constantFrom(...ENDINGS.slice(0, 5)), at: fc.nat() }),
  );
  return fc.array(change, { minLength: 2, maxLength: 4 }).map((changes) => {
    let form = path;
    for (const { kind, text, at } of changes) {
      const slashes = slashPositions(form);
      const where = slashes[at % slashes.length]!;
      if (kind === 'insert') form = form.slice(0, where) + text + form.slice(where);
      else if (kind === 'slash') form = form.slice(0, where - 1) + text + form.slice(where);
      else form += text;
    }
    return { form, how: changes.map((c) => `${c.kind} ${c.text}`).join(', ') };
  });
}
