import { useEffect, useEffectEvent, useState, type Ref } from 'react';
import {
  CATALOGUE_SORTS,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  type CatalogueParams,
  type CatalogueSort,
} from '../utils/catalogue-params.ts';

/** Typing waits this long after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The server's order when no sort is chosen: the catalogue's, or relevance while searching. */
const DEFAULT_SORT_LABEL = 'Recommended';

interface ControlsProps {
  params: CatalogueParams;
  onChange: (next: Partial<CatalogueParams>) => void;
  searchRef?: Ref<HTMLInputElement>;
}

/** The search box (debounced), the in-stock filter and the sort order. */
export function CatalogueControls({ params, onChange, searchRef }: ControlsProps) {
  // The box shows what is typed; the address gets it once typing pauses. When the address changes
  // otherwise (back/forward, "Clear search"), the box follows it.
  const [text, setText] = useState(params.q);
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    setShownQ(params.q);
    if (text.trim() !== params.q) setText(params.q);
  }

  // The box ticks at once: the address (and so `params`) changes in a transition that can lag
  // behind the click on a busy device, and a controlled box would spring back until it lands.
  const [inStock, setInStock] = useState(params.inStock);
  const [shownInStock, setShownInStock] = useState(params.inStock);
  if (shownInStock !== params.inStock) {
    setShownInStock(params.inStock);
    setInStock(params.inStock);
  }

  const commit = (value: string) => {
    if (value !== params.q) onChange({ q: value });
  };
  const commitTyped = useEffectEvent(() => commit(text.trim()));
  useEffect(() => {
    const timer = setTimeout(commitTyped, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end">
      <form
        role="search"
        aria-label="Parts"
        className="flex flex-1 flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          commit(text.trim());
        }}
      >
        <label htmlFor="parts-search" className="text-sm font-medium">
          Search parts
        </label>
        <input
          ref={searchRef}
          id="parts-search"
          type="search"
          name="q"
          className="input w-full"
          placeholder="Brake disc, turbocharger, filter…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm"
            checked={inStock}
            onChange={(event) => {
              setInStock(event.target.checked);
              onChange({ inStock: event.target.checked });
            }}
          />
          In stock only
        </label>
        <div className="flex flex-1 flex-col gap-1 sm:flex-none">
          <label htmlFor="parts-sort" className="text-sm font-medium">
            Sort by
          </label>
          <select
            id="parts-sort"
            className="select w-full sm:w-52"
            value={params.sort ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ sort: value === '' ? null : (value as CatalogueSort) });
            }}
          >
            <option value="">{DEFAULT_SORT_LABEL}</option>
            {CATALOGUE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
