import { useSearchParams } from 'react-router';

/** Admin tables show this many rows a page. */
export const PAGE_SIZE = 50;

/**
 * A paged admin list's state, in the URL (so a reload, a shared link or Back keeps it): `q`,
 * optional filters, and `cursor` (the page after the first). Changing a filter starts again at
 * the first page.
 */
export function useListParams<F extends string>(filters: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cursor = params.get('cursor');
  const values = Object.fromEntries(filters.map((f) => [f, params.get(f) ?? ''])) as Record<F, string>;

  function update(changes: Record<string, string | null>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('cursor' in changes)) next.delete('cursor');
      return next;
    });
  }

  /** The list's API query: `limit`, `q`, the filters and `cursor`. */
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) query.set('q', q);
  for (const f of filters) if (values[f]) query.set(f, values[f]);
  if (cursor) query.set('cursor', cursor);

  return {
    q,
    cursor,
    filters: values,
    query: query.toString(),
    setQ: (value: string) => update({ q: value.trim() || null }),
    setFilter: (name: F, value: string) => update({ [name]: value || null }),
    goTo: (next: string | null) => update({ cursor: next }),
  };
}
