import { Spinner } from '@/components/ui/spinner.tsx';

export function PayButton({ paying, disabled }: { paying: boolean; disabled: boolean }) {
  return (
    <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-32" disabled={disabled}>
      {paying ? <Spinner size="sm" /> : null}
      Pay
    </button>
  );
}
