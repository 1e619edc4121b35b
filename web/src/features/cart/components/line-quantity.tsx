import { useId, useState } from 'react';

interface LineQuantityProps {
  partNumber: string;
  quantity: number;
  disabled: boolean;
  onCommit: (quantity: number) => void;
}

const QUANTITY_MAX = 1_000_000;

/**
 * A line's quantity: typed freely, sent when the buyer leaves the field or presses Enter (one
 * request per edit, not per keystroke). Something that is not a whole number from 1 is
 * explained under the field and not sent.
 */
export function LineQuantity({ partNumber, quantity, disabled, onCommit }: LineQuantityProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(quantity);
  const value = Number(text.trim());
  const valid = /^\d+$/.test(text.trim()) && value >= 1 && value <= QUANTITY_MAX;

  function commit() {
    if (draft === null) return;
    if (!valid) return;
    setDraft(null);
    if (value !== quantity) onCommit(value);
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-base-content/80">
        Quantity<span className="sr-only"> of {partNumber}</span>
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        className={`input input-sm w-24 ${valid ? '' : 'input-error'}`}
        value={text}
        disabled={disabled}
        aria-invalid={valid ? undefined : true}
        aria-describedby={valid ? undefined : `${id}-error`}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {valid ? null : (
        <p id={`${id}-error`} className="text-xs text-red-700">
          A whole number from 1
        </p>
      )}
    </div>
  );
}
