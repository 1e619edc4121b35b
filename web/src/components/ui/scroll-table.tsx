import type { ReactNode } from 'react';

/** A table that scrolls sideways inside its box on narrow screens instead of widening the page. */
export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
