/** The brand mark: a gear, drawn inline so it ships with the bundle. */
export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M13.6 2l.5 2.4a8 8 0 0 1 1.9.8l2.1-1.3 2.2 2.2-1.3 2.1a8 8 0 0 1 .8 1.9l2.4.5v3.2l-2.4.5a8 8 0 0 1-.8 1.9l1.3 2.1-2.2 2.2-2.1-1.3a8 8 0 0 1-1.9.8l-.5 2.4h-3.2l-.5-2.4a8 8 0 0 1-1.9-.8l-2.1 1.3-2.2-2.2 1.3-2.1a8 8 0 0 1-.8-1.9L2 13.6v-3.2l2.4-.5a8 8 0 0 1 .8-1.9L3.9 5.9l2.2-2.2 2.1 1.3a8 8 0 0 1 1.9-.8l.5-2.4h3zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z"
      />
    </svg>
  );
}
