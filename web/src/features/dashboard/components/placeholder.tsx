import { useTitle } from '@/hooks/use-title.ts';

/** Stand-in for a dashboard screen until issue #6 builds it. */
export function Placeholder({ title }: { title: string }) {
  useTitle(title);
  return (
    <section className="rounded-box border border-dashed border-base-300 p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-base-content/80">This screen is on its way.</p>
    </section>
  );
}
