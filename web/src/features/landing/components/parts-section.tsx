import { Link } from 'react-router';
import { HOME_PART_COUNT, useHomeParts } from '../api/get-parts.ts';
import { PartCard, PartCardSkeleton } from '@/components/parts/part-card.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SectionHeading } from './section-heading.tsx';

export function PartsSection() {
  const parts = useHomeParts();
  return (
    <section id="parts" aria-labelledby="parts-title" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16">
      <SectionHeading id="parts-title" eyebrow="Catalogue">
        Car parts
      </SectionHeading>
      {parts.isError ? (
        <LoadError className="mx-auto max-w-xl" what="the parts" onRetry={() => void parts.refetch()} />
      ) : parts.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: HOME_PART_COUNT }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      ) : parts.data.length === 0 ? (
        <p className="text-center text-base-content/80">No parts in the catalogue yet.</p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {parts.data.map((part) => (
            <PartCard key={part._id} part={part} />
          ))}
        </div>
      )}
      <p className="mt-8 text-center">
        <Link to="/parts" className="btn btn-outline">
          View all parts
        </Link>
      </p>
    </section>
  );
}
