import type { Address, ShippingMethod, ShippingOptions } from '@torque/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { addressLines, formatWeight } from '@/components/address/postal-address.tsx';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatMoney } from '@/lib/format.ts';
import { loadChunk } from '@/lib/lazy-route.ts';

// The address form (react-hook-form, a dozen fields) in a chunk and a task of its own: rendered
// with the section, it was the cart's longest task after its lines (trace:web, issue 31).
const AddressForm = lazy(() =>
  loadChunk('address-form', () =>
    import('@/components/address/address-form.tsx').then((module) => ({ default: module.AddressForm })),
  ),
);

interface DeliverySectionProps {
  addresses: UseQueryResult<Address[]>;
  addressId: string | null;
  onAddress: (id: string) => void;
  options: UseQueryResult<ShippingOptions>;
  /** The active methods (their free-shipping thresholds), when known. */
  methods: ShippingMethod[] | undefined;
  methodId: string | null;
  onMethod: (id: string) => void;
}

const days = ([min, max]: [number, number]) =>
  min === max ? `${min} business day${min === 1 ? '' : 's'}` : `${min}–${max} business days`;

/**
 * Checkout's "Delivery" (PRODUCT.md §20): the address from the book (or a new one, saved to it),
 * then the methods that can carry this cart there, priced by the server, and those that cannot, with why.
 */
export function DeliverySection(props: DeliverySectionProps) {
  const { addresses, addressId, onAddress } = props;
  const [adding, setAdding] = useState(false);
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Delivery
      </h2>
      <QueryResult query={addresses} what="your addresses">
        {(list) => (
          <>
            {list.length > 0 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">Ship to</legend>
                {list.map((entry) => (
                  <label
                    key={entry._id}
                    className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 p-3 text-sm has-checked:border-primary has-checked:bg-primary/5"
                  >
                    <input
                      type="radio"
                      name="ship-to"
                      className="radio radio-sm mt-0.5"
                      value={entry._id}
                      checked={entry._id === addressId}
                      onChange={() => onAddress(entry._id)}
                    />
                    <span className="min-w-0">
                      {entry.label ? <span className="block font-semibold">{entry.label}</span> : null}
                      <span className="wrap-anywhere">{addressLines(entry).join(', ')}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            {list.length === 0 || adding ? (
              <ChunkErrorBoundary>
                <Suspense fallback={<Spinner label="Loading the address form" className="self-center" />}>
                  <AddressForm
                    title={list.length === 0 ? 'Where should we ship?' : 'New address'}
                    submitLabel={list.length === 0 ? 'Save address' : 'Add address'}
                    withDefaults={false}
                    onSaved={(saved) => {
                      setAdding(false);
                      onAddress(saved._id);
                    }}
                    onCancel={list.length === 0 ? undefined : () => setAdding(false)}
                  />
                </Suspense>
              </ChunkErrorBoundary>
            ) : (
              <div>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAdding(true)}>
                  Ship to a new address
                </button>
              </div>
            )}
          </>
        )}
      </QueryResult>
      {addressId ? <ShippingChoice {...props} /> : null}
    </section>
  );
}

function ShippingChoice({ options, methods, methodId, onMethod, addresses, addressId }: DeliverySectionProps) {
  const country = addresses.data?.find((a) => a._id === addressId)?.countryName;
  return (
    <QueryResult query={options} what="the shipping methods">
      {(found) => {
        const unserved = found.options.length === 0 && found.refused.every((r) => r.code === 'COUNTRY_NOT_SERVED');
        return (
          <div className="flex flex-col gap-2">
            {found.options.length > 0 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">
                  Shipping method{' '}
                  <span className="font-normal text-base-content/80">
                    (parcel {formatWeight(found.weightGrams)}
                    {found.hazardous ? ', holds hazardous goods' : ''})
                  </span>
                </legend>
                {found.options.map((option) => {
                  const freeOver = methods?.find((m) => m._id === option.methodId)?.freeOver ?? null;
                  return (
                    <label
                      key={option.methodId}
                      className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 p-3 text-sm has-checked:border-primary has-checked:bg-primary/5"
                    >
                      <input
                        type="radio"
                        name="shipping-method"
                        className="radio radio-sm mt-0.5"
                        value={option.methodId}
                        checked={option.methodId === methodId}
                        onChange={() => onMethod(option.methodId)}
                      />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="font-semibold">{option.name}</span>
                        <span className="text-base-content/80">
                          {option.carrier} · {days(option.estimateDays)}
                        </span>
                        {freeOver !== null ? (
                          <span className="text-xs text-base-content/80">
                            {option.price === 0
                              ? `Free on orders from ${formatMoney(freeOver)}`
                              : `Free from ${formatMoney(freeOver)}: add ${formatMoney(
                                  Math.max(0, Math.round((freeOver - found.goodsTotal) * 100) / 100),
                                )} more`}
                          </span>
                        ) : null}
                      </span>
                      <span className="font-semibold whitespace-nowrap">
                        {option.price === 0 ? 'Free' : formatMoney(option.price)}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            ) : found.refused.length === 0 ? (
              <p className="text-sm text-base-content/80">No shipping methods are set up: the order ships as agreed.</p>
            ) : unserved ? (
              <p role="alert" className="alert alert-warning text-sm">
                We do not ship to {country ?? 'this country'} yet. Choose another address.
              </p>
            ) : (
              <p role="alert" className="alert alert-warning text-sm">
                No shipping method can carry this cart to this address. Change the cart or the address.
              </p>
            )}
            {found.refused.length > 0 && !unserved ? (
              <div className="text-sm">
                <h3 className="font-medium">Not available for this order</h3>
                <ul className="mt-1 flex flex-col gap-1 text-base-content/80">
                  {found.refused.map((refusal) => (
                    <li key={refusal.methodId}>
                      <span className="font-medium text-base-content">{refusal.name}</span>: {refusal.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        );
      }}
    </QueryResult>
  );
}
