import { PageHeader } from '@/components/layout/page-header.tsx';
import { ReviewForm } from '../components/review-form.tsx';

/** `/dashboard/add-review` (PRODUCT.md §2); the review then shows on the landing page. */
export default function AddReviewPage() {
  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Add Review" />
      <ReviewForm />
    </section>
  );
}
