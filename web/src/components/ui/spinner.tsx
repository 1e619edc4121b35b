interface SpinnerProps {
  /** Read out by screen readers. */
  label?: string;
  className?: string;
  size?: 'sm' | 'lg';
}

/** A ring spinner; decorative when used inside a labelled button (`label` omitted → no status). */
export function Spinner({ label, className = '', size = 'lg' }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] ${
        size === 'lg' ? 'size-10 border-4 text-primary' : 'size-4 border-2'
      } ${label ? '' : className}`}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className={`inline-flex items-center ${className}`}>
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner that holds the page's place while something it needs loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-8">
      <Spinner label={label} />
    </div>
  );
}
