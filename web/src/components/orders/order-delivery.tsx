import type { Order } from '@torque/contract';
import { addressLines, PostalAddressBlock, shippingLineText } from '@/components/address/postal-address.tsx';

/**
 * Where an order ships and its shipping line (PRODUCT.md §20): the copy of the address the order
 * keeps, and "Standard (US), 3.1 kg: $9.99". Orders placed without either show nothing more.
 * `compact` (a table's cell): one line each.
 */
export function OrderDelivery({ order, compact = false }: { order: Order; compact?: boolean }) {
  const { shippingAddress, shipping } = order;
  if (!shippingAddress && !shipping) return null;
  if (compact)
    return (
      <div className="mt-1 flex flex-col gap-0.5 text-xs text-base-content/80">
        {shipping ? <span>Shipping: {shippingLineText(shipping)}</span> : null}
        {shippingAddress ? (
          <span className="wrap-anywhere">Ship to: {addressLines(shippingAddress).join(', ')}</span>
        ) : null}
      </div>
    );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {shipping ? (
        <>
          <dt className="text-base-content/70">Shipping</dt>
          <dd>{shippingLineText(shipping)}</dd>
        </>
      ) : null}
      {shippingAddress ? (
        <>
          <dt className="text-base-content/70">Ship to</dt>
          <dd>
            <PostalAddressBlock address={shippingAddress} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
