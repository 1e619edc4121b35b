/** PRODUCT.md §8: 'Your Payment is completed' in green, with the payment's id. */
export function PaymentComplete({ paymentId }: { paymentId: string }) {
  return (
    <div role="status" className="flex flex-col gap-1 text-green-700">
      <p className="font-semibold">Your Payment is completed</p>
      <p className="text-sm">
        Your transaction id: <span className="break-all font-mono font-semibold">{paymentId}</span>
      </p>
    </div>
  );
}

/** An order that was paid before this visit: no form, just the fact. */
export function AlreadyPaid({ paymentId }: { paymentId: string | null }) {
  return (
    <div role="status" className="alert alert-success flex flex-col items-start gap-1">
      <p className="font-semibold">This order is paid.</p>
      {paymentId ? (
        <p className="text-sm">
          Transaction id: <span className="break-all font-mono">{paymentId}</span>
        </p>
      ) : null}
    </div>
  );
}
