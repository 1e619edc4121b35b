export const MAX_RATING = 5;
const ratings = Array.from({ length: MAX_RATING }, (_, i) => i + 1);

interface RatingPickerProps {
  value: number | null;
  onChange: (rating: number) => void;
  /** Id of the message under the buttons, when there is one. */
  describedBy?: string | undefined;
}

/** PRODUCT.md §2: rating buttons 1 to 5 that show the current rating. */
export function RatingPicker({ value, onChange, describedBy }: RatingPickerProps) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">Rating</legend>
      <div className="flex flex-wrap gap-2">
        {ratings.map((rating) => (
          <button
            key={rating}
            type="button"
            className={`btn btn-square ${value === rating ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={value === rating}
            aria-label={`${rating} out of ${MAX_RATING}`}
            onClick={() => onChange(rating)}
          >
            {rating}
          </button>
        ))}
      </div>
      <p className="text-sm" aria-live="polite">
        Your rating: <span className="font-semibold">{value === null ? 'none yet' : `${value}/${MAX_RATING}`}</span>
      </p>
    </fieldset>
  );
}
