import type { ReactNode } from 'react';

/** Nothing to list yet: a sentence, and where to go next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}
