import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { FormError } from './form-error.tsx';

/** A form's last lines: the server's error (if any) and the full-width submit button with its spinner. */
export function FormSubmit({
  pending,
  error,
  children,
}: {
  pending: boolean;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <button type="submit" className="btn btn-primary w-full" disabled={pending}>
        {pending ? <Spinner size="sm" /> : null}
        {children}
      </button>
    </>
  );
}
