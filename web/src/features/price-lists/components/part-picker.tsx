import type { Part } from '@torque/contract';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { usePartSearch } from '../api/search-parts.ts';

/** How long typing must pause before the catalogue is searched. */
export const PICKER_DEBOUNCE_MS = 250;

/** The part a fixed-price row prices, as the form shows it. */
export interface PickedPart {
  partId: string;
  partNumber: string | null;
  partName: string | null;
}

interface PartPickerProps {
  label: string;
  picked: PickedPart | null;
  onPick: (part: PickedPart) => void;
  /** The row's part message (none picked, or the server's "No such part"), tied to the input. */
  error?: string | undefined;
}

/** `text` once it has stayed the same for `ms`. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * Picks a part for a price list's fixed price (PRODUCT.md §25) by searching the catalogue by part
 * number or name: a combobox (WAI-ARIA 1.2 list autocomplete) whose options are the catalogue
 * search's first answers; arrows move, Enter picks, Escape closes. The picked part's number and
 * name stay shown under the search, under it, and the search is tied to them and to the row's message.
 */
export function PartPicker({ label, picked, onPick, error }: PartPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const pickedId = `${id}-picked`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useSettled(text.trim(), PICKER_DEBOUNCE_MS);
  const search = usePartSearch(q);
  const found = q !== '' && q === text.trim() ? (search.data ?? []) : [];
  const expanded = open && found.length > 0;

  function pick(part: Part) {
    onPick({ partId: part._id, partNumber: part.partNumber, partName: part.name });
    setText('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!found.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(open ? (active + step + found.length) % found.length : 0);
      setOpen(true);
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted part; it never submits the whole form from here.
      event.preventDefault();
      const part = expanded ? found[active] : undefined;
      if (part) pick(part);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const status =
    q === '' || q !== text.trim()
      ? ''
      : search.isFetching && !search.data
        ? 'Searching…'
        : search.isError
          ? 'The search failed; try again.'
          : found.length === 0
            ? `No part matches “${q}”.`
            : `${found.length} ${found.length === 1 ? 'part' : 'parts'} found: use the arrow keys or click to pick.`;

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${pickedId} ${errorId}` : pickedId}
          placeholder={picked?.partId ? 'Search to change the part' : 'Part number or name'}
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`Parts matching ${q}`}
          hidden={!expanded}
          className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-field border border-base-300 bg-base-100 py-1 shadow-lg"
        >
          {expanded
            ? found.map((part, i) => (
                <li
                  key={part._id}
                  id={`${id}-option-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={`cursor-pointer px-3 py-2 text-sm wrap-anywhere ${i === active ? 'bg-base-200' : ''}`}
                  // Keeps the focus in the search, so its blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(part)}
                >
                  {part.partNumber ? <span className="mr-1 font-mono font-semibold">{part.partNumber}</span> : null}{' '}
                  {part.name}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={pickedId} className="min-h-5 text-sm wrap-anywhere" data-testid="picked-part">
        {picked?.partId ? (
          <>
            {picked.partNumber ? <span className="mr-1 font-mono font-semibold">{picked.partNumber}</span> : null}{' '}
            <span>{picked.partName ?? 'Part no longer in the catalogue'}</span>
          </>
        ) : (
          <span className="text-base-content/80">No part picked yet</span>
        )}
      </p>
      <p role="status" className={status.startsWith('No part') ? 'text-sm text-base-content/80' : 'sr-only'}>
        {status}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
