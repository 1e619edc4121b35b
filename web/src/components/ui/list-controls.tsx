import { useId, type FormEvent, type ReactNode } from 'react';

/** A search box that searches on Enter or its button (the list's `q` lives in the URL). */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  }
  return (
    <form role="search" className="flex items-end gap-2" onSubmit={submit}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          key={value}
          name="q"
          type="search"
          defaultValue={value}
          className="input input-sm w-64 max-w-full"
        />
      </div>
      <button type="submit" className="btn btn-sm btn-outline">
        Search
      </button>
    </form>
  );
}

/** Keyset paging: the next page, or back to the first. */
export function Pager({
  atStart,
  nextCursor,
  onPage,
  children,
}: {
  atStart: boolean;
  nextCursor: string | null;
  onPage: (cursor: string | null) => void;
  children?: ReactNode;
}) {
  if (atStart && !nextCursor) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-sm" disabled={atStart} onClick={() => onPage(null)}>
        First page
      </button>
      <button type="button" className="btn btn-sm" disabled={!nextCursor} onClick={() => onPage(nextCursor)}>
        Next page
      </button>
      {children}
    </nav>
  );
}
