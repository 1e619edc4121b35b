import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { loadChunk } from '@/lib/lazy-route.ts';
import { SectionHeading } from './section-heading.tsx';

// The form (react-hook-form, zod, the contract) is its own chunk, fetched when the section nears.
const ContactForm = lazy(() => loadChunk('contact-form', () => import('./contact-form.tsx')));

/**
 * The form's place while it loads. Still while the section is far below the screen: daisyUI's
 * shimmer animated background-position, which the browser redraws on the main thread every frame
 * even off screen (a 30-120 ms style and paint task every frame on a phone 4× slower, for as long
 * as the landing page stays open: docs/PERFORMANCE.md). Ours (styles/theme.css) runs on the
 * compositor, but an animation nobody sees is still work for it. It shimmers once the form is on
 * its way.
 */
function FormSkeleton({ still = false }: { still?: boolean }) {
  const box = still ? 'skeleton animate-none' : 'skeleton';
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <div className={`${box} h-12 w-full`} />
      <div className={`${box} h-12 w-full`} />
      <div className={`${box} h-32 w-full`} />
      <div className={`${box} h-12 w-40`} />
    </div>
  );
}

/** Becomes true once the element is within `margin` of the viewport (at once without IntersectionObserver). */
function useNearViewport(margin = '600px') {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near, load: () => setNear(true) };
}

export function ContactSection() {
  const { ref, near, load } = useNearViewport();
  return (
    <section id="contact" aria-labelledby="contact-title" className="mx-auto max-w-3xl scroll-mt-20 px-4 py-16">
      <SectionHeading id="contact-title" eyebrow="Contact us">
        Let&apos;s talk about your next order
      </SectionHeading>
      <p className="mb-8 text-center text-base-content/80">
        Bulk quotes, custom machining or a question about a part: send us a message and our team replies within one
        business day.
      </p>
      <div
        ref={ref}
        className="card border border-base-300 bg-base-100 p-6 shadow-sm"
        onFocus={load}
        onPointerEnter={load}
      >
        {near ? (
          <ChunkErrorBoundary>
            <Suspense fallback={<FormSkeleton />}>
              <ContactForm />
            </Suspense>
          </ChunkErrorBoundary>
        ) : (
          <FormSkeleton still />
        )}
      </div>
    </section>
  );
}
