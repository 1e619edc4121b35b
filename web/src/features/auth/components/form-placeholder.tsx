/**
 * Stands in for a sign-in form while its chunk loads (asked for once the card has painted; the
 * form library and zod come later still, on the form's first focus or submit: use-form-on-demand.tsx):
 * the same boxes (labels, inputs, the button) at the same sizes, so the rest of the card paints
 * at once — its text is the page's largest paint — and nothing moves when the form arrives.
 */
export function FormPlaceholder({ fields, submitLabel }: { fields: string[]; submitLabel: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      {fields.map((label) => (
        <div key={label} className="flex flex-col gap-1" aria-hidden="true">
          <span className="text-sm font-medium">{label}</span>
          <span className="input w-full" />
        </div>
      ))}
      <span className="btn btn-primary btn-disabled w-full" aria-hidden="true">
        {submitLabel}
      </span>
    </div>
  );
}
