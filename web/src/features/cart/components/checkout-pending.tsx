/**
 * The summary's "Check out" while the checkout form's chunk is on its way: the form's button as it
 * shows when it cannot be used yet, with the same hint, so the summary neither changes size nor
 * offers a button that does nothing when the form arrives.
 */
export function CheckoutPending({ hint }: { hint: string | null }) {
  return (
    <div className="flex flex-col gap-3">
      <button type="button" className="btn btn-primary" disabled>
        Check out
      </button>
      {hint ? <p className="text-sm text-base-content/80">{hint}</p> : null}
    </div>
  );
}
