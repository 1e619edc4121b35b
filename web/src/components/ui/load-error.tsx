/** Data that did not arrive: say so, and offer another try. */
export function LoadError({
  what,
  onRetry,
  className = '',
}: {
  what: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={`alert ${className}`}>
      <span>We could not load {what}.</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
