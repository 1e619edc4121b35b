import { usePartners } from '../api/get-partners.ts';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SectionHeading } from './section-heading.tsx';

export function PartnersSection() {
  const partners = usePartners();
  return (
    <section aria-labelledby="partners-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="partners-title" eyebrow="Trusted by">
        Our partners
      </SectionHeading>
      {partners.isError ? (
        <LoadError className="mx-auto max-w-xl" what="our partners" onRetry={() => void partners.refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy={partners.isPending}>
          {(partners.data ?? []).map((partner) => (
            <li
              key={partner.id}
              className="flex items-center justify-center rounded-box border border-base-300 bg-base-100 p-4"
            >
              <img
                src={partner.img}
                alt={partner.name ?? `Partner ${partner.id}`}
                width={200}
                height={80}
                loading="lazy"
                decoding="async"
                className="h-auto w-full max-w-48"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
