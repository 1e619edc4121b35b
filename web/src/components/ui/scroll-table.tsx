import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its box on narrow screens instead of widening the page.
 * With `cards`, rows become labelled cards below 48rem instead (index.css, `.card-table`): give
 * each cell a `data-label` naming its column.
 */
export function ScrollTable({
  caption,
  cards,
  size = '',
  children,
}: {
  caption: string;
  cards?: boolean;
  /** daisyUI size classes, e.g. `table-xs sm:table-md` for a table of figures that should fit a phone. */
  size?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className={`table ${cards ? 'card-table' : ''} ${size}`.trim()}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
