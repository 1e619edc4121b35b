import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/index.ts';
import { useCreateReview } from '../api/create-review.ts';
import { RatingPicker } from './rating-picker.tsx';

const CHOOSE_RATING = 'Choose a rating from 1 to 5';

/**
 * PRODUCT.md §2/§4: the name is the account's (read-only), a comment, a rating, and Add review. The
 * PRODUCT.md §4's "submit flag" is the mutation in flight: the button is off until it settles, so one
 * click posts one review.
 */
export function ReviewForm() {
  const { user } = useAuth();
  const ids = { name: useId(), comment: useId(), rating: useId() };
  const [comment, setComment] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [ratingMissing, setRatingMissing] = useState(false);
  const create = useCreateReview();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    if (rating === null) {
      setRatingMissing(true);
      return;
    }
    create.mutate(
      { comment, rating },
      {
        onSuccess: () => {
          toast.success('Review added');
          setComment('');
          setRating(null);
        },
      },
    );
  }

  function chooseRating(value: number) {
    setRating(value);
    setRatingMissing(false);
  }

  return (
    <form noValidate className="flex max-w-xl flex-col gap-4" onSubmit={submit}>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.name} className="text-sm font-medium">
          Name
        </label>
        <input
          id={ids.name}
          className="input w-full bg-base-200 text-base-content/80"
          value={user?.name || user?.email || ''}
          readOnly
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.comment} className="text-sm font-medium">
          Comment
        </label>
        <textarea
          id={ids.comment}
          className="textarea w-full"
          rows={4}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      <RatingPicker value={rating} onChange={chooseRating} describedBy={ratingMissing ? ids.rating : undefined} />
      {ratingMissing ? (
        <p id={ids.rating} role="alert" className="text-sm text-red-700">
          {CHOOSE_RATING}
        </p>
      ) : null}
      <FormError message={create.error?.message} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? <Spinner size="sm" /> : null}
          Add review
        </button>
      </div>
    </form>
  );
}
