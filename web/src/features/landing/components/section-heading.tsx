import type { ReactNode } from 'react';

export function SectionHeading({ id, eyebrow, children }: { id: string; eyebrow: string; children: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-2 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {children}
      </h2>
    </div>
  );
}
