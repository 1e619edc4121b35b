import type { Review } from '@torque/contract';
import { useReviews } from '../api/get-reviews.ts';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SectionHeading } from './section-heading.tsx';

const MAX_RATING = 5;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex text-primary" aria-hidden="true">
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          className="size-4"
          fill={i < rating ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3z" />
        </svg>
      ))}
    </span>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="card-body gap-3">
        <div className="flex items-center justify-between gap-2">
          <Stars rating={review.rating} />
          <span className="text-sm font-semibold">
            <span className="sr-only">Rating: </span>
            {review.rating}/{MAX_RATING}
          </span>
        </div>
        {review.comment ? (
          <blockquote className="text-base-content/90">“{review.comment}”</blockquote>
        ) : (
          <p className="text-sm italic text-base-content/70">No comment left.</p>
        )}
        <figcaption className="mt-auto font-semibold">{review.name}</figcaption>
      </figure>
    </li>
  );
}

export function ReviewsSection() {
  const reviews = useReviews();
  return (
    <section aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeading id="reviews-title" eyebrow="Testimonials">
          What our clients say
        </SectionHeading>
        {reviews.isError ? (
          <LoadError className="mx-auto max-w-xl" what="the reviews" onRetry={() => void reviews.refetch()} />
        ) : reviews.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton h-40" />
            ))}
          </div>
        ) : reviews.data.length === 0 ? (
          <p className="text-center text-base-content/80">No reviews yet.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.data.map((review) => (
              <ReviewCard key={review._id} review={review} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
