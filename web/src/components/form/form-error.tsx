/** A whole-form failure (e.g. the identity provider's message): small red text, announced. */
export function FormError({ message }: { message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}
