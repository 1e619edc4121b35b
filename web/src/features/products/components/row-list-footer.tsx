interface RowListFooterProps {
  /** The server's or the schema's error for the whole list (too many rows, a repeated row). */
  error: string | undefined;
  /** "Add vehicle", "Add reference". */
  addLabel: string;
  /** False once the list holds the most rows the contract allows. */
  canAdd: boolean;
  onAdd: () => void;
}

/** Under a product form's list of rows (fitment, cross-references): the list's error and the add button. */
export function RowListFooter({ error, addLabel, canAdd, onAdd }: RowListFooterProps) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <button type="button" className="btn btn-outline btn-sm" disabled={!canAdd} onClick={onAdd}>
          {addLabel}
        </button>
      </div>
    </>
  );
}
