import type { Cart, CartLine, CartLineInput, Order, ReorderResult } from '@torque/contract';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormError } from '@/components/form/form-error.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { TaxSummary } from '@/components/tax/tax-summary.tsx';
import { useActiveShippingMethods, useAddresses, useShippingOptions } from '@/lib/addresses/address-api.ts';
import { useServerCart } from '@/lib/cart/use-cart.ts';
import { loadChunk } from '@/lib/lazy-route.ts';
import { useTaxQuote } from '@/lib/tax/tax-quote.ts';
import { usePainted } from '@/lib/use-painted.ts';
import { useSlices } from '@/lib/use-slices.ts';
import { linesWith, useUpdateCart } from '../api/update-cart.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { CartSummary } from './cart-summary.tsx';
import { CheckoutPending } from './checkout-pending.tsx';
import { DeliverySection } from './delivery-section.tsx';
import { QuickOrderBox } from './quick-order-box.tsx';
import { ReorderChanges } from './reorder-changes.tsx';

/** What "Order again" leaves in the navigation state for the cart (features/orders sends it). */
function reorderChangesOf(state: unknown): ReorderResult['changes'] | null {
  const changes = (state as { reorderChanges?: unknown } | null)?.reorderChanges;
  return Array.isArray(changes) ? (changes as ReorderResult['changes']) : null;
}

// The checkout form (react-hook-form: the forms chunk) is asked for once the lines have painted:
// requested with them, its chunks counted into the largest paint on a slow phone (issue 31).
// Until it is here, the summary shows "Check out" as the form would while it cannot be used.
const CheckoutForm = lazy(() =>
  loadChunk('checkout-form', () => import('./checkout-form.tsx').then((module) => ({ default: module.CheckoutForm }))),
);

/** The cart's sections after its lines and summary, in the order they render (one per task). */
const STAGES = ['delivery', 'quick order'] as const;

/** A signed-in buyer's cart: the server's lines, quick order, checkout. */
export function BuyerCart() {
  const cart = useServerCart();
  return (
    <QueryResult query={cart} what="your cart">
      {(loaded) => <BuyerCartView cart={loaded} />}
    </QueryResult>
  );
}

function BuyerCartView({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const location = useLocation();
  const reorderChanges = reorderChangesOf(location.state);
  const update = useUpdateCart();
  const [refusals, setRefusals] = useState<Map<string, string>>(new Map());
  // The lines and the summary render first (the page's largest paint, and what the buyer checks
  // out with), then one section per later task: delivery, quick order. Rendered with the lines,
  // they were the cart's longest task once its data came (trace:web, issue 31).
  const stage = useSlices(STAGES.length, 0, 1);
  const painted = usePainted();
  const shows = (section: (typeof STAGES)[number]) => stage > STAGES.indexOf(section);

  const { mutate } = update;
  // Stable while the cart is the same: the lines do not render again when the delivery, tax and
  // credit queries answer (each answer rendered every line: the cart's long tasks, issue 31).
  const edit = useCallback(
    (partId: string, next: CartLineInput | null) => {
      setRefusals(new Map());
      mutate(linesWith(cart, partId, next));
    },
    [cart, mutate],
  );
  const onPlaced = useCallback((order: Order) => void navigate(`/checkout/${order._id}`), [navigate]);

  // Delivery (PRODUCT.md §20): an address of the book (the default shipping one first), then a
  // method the server offers for this cart there (the cheapest first).
  const hasLines = cart.lines.length > 0;
  const addresses = useAddresses();
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const book = addresses.data ?? [];
  const address = book.find((a) => a._id === chosenAddress) ?? book.find((a) => a.defaultShipping) ?? book[0] ?? null;
  const cartVersion = cart.lines.map((l) => `${l.partId}:${l.quantity}`).join(',');
  const options = useShippingOptions(hasLines && address ? address._id : null, cartVersion);
  const methods = useActiveShippingMethods(hasLines);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const offered = options.data?.options ?? [];
  const method = offered.find((o) => o.methodId === chosenMethod) ?? offered[0] ?? null;
  // No method at all is active: the server places the order without a shipping line.
  const noMethods = options.data !== undefined && offered.length === 0 && options.data.refused.length === 0;
  const deliveryReady = address !== null && (method !== null || noMethods) && !options.isFetching;
  // Issue 29: goods, shipping, tax per rate and gross, for the address and method chosen above.
  const quote = useTaxQuote(address?._id, method?.methodId);

  const hint = !cart.ready
    ? 'Fix the lines marked in red to check out.'
    : address === null
      ? 'Add the address to ship to.'
      : options.data && !method && !noMethods
        ? 'No shipping method can carry this cart there.'
        : null;
  const pending = <CheckoutPending hint={hint} />;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-4">
        {reorderChanges ? (
          <ReorderChanges
            changes={reorderChanges}
            onDismiss={() => void navigate(location.pathname, { replace: true, state: null })}
          />
        ) : null}
        {cart.lines.length === 0 ? (
          <EmptyState title="Your cart is empty">
            <p className="text-base-content/80">Add parts from the catalogue, or paste part numbers below.</p>
            <Link to="/parts" className="btn btn-primary btn-sm">
              Browse the catalogue
            </Link>
          </EmptyState>
        ) : (
          <CartLines lines={cart.lines} busy={update.isPending} refusals={refusals} onEdit={edit} />
        )}
        <FormError message={update.error?.message} />
        {hasLines && shows('delivery') ? (
          <DeliverySection
            addresses={addresses}
            addressId={address?._id ?? null}
            onAddress={setChosenAddress}
            options={options}
            methods={methods.data}
            methodId={method?.methodId ?? null}
            onMethod={setChosenMethod}
          />
        ) : null}
        {shows('quick order') ? <QuickOrderBox /> : null}
      </div>
      {/* An empty cart has nothing to sum up or check out: quick order and the catalogue are the way on. */}
      {cart.lines.length === 0 ? null : (
        <CartSummary
          lines={cart.lines.length}
          quantity={cart.quantity}
          total={cart.total}
          totals={
            quote.data ? (
              <div className={quote.isPlaceholderData ? 'opacity-60' : ''} aria-busy={quote.isPlaceholderData}>
                <TaxSummary quote={quote.data} />
              </div>
            ) : null
          }
          notice={
            quote.isError ? (
              <p role="alert" className="text-sm text-red-700">
                The tax could not be calculated: {quote.error.message}
              </p>
            ) : null
          }
          shipping={method ? { name: method.name, price: method.price } : null}
        >
          <ChunkErrorBoundary>
            <Suspense fallback={pending}>
              {painted ? (
                <CheckoutForm
                  ready={cart.ready && !update.isPending && deliveryReady}
                  hint={hint}
                  addressId={address?._id ?? null}
                  shippingMethodId={method?.methodId ?? null}
                  needsPhone={address !== null && !address.phone}
                  onPlaced={onPlaced}
                  onRefused={setRefusals}
                />
              ) : (
                pending
              )}
            </Suspense>
          </ChunkErrorBoundary>
        </CartSummary>
      )}
    </div>
  );
}

interface CartLinesProps {
  lines: CartLine[];
  busy: boolean;
  refusals: Map<string, string>;
  onEdit: (partId: string, next: CartLineInput | null) => void;
}

/** The lines, rendered again only when they, the refusals or the pending edit change. */
const CartLines = memo(function CartLines({ lines, busy, refusals, onEdit }: CartLinesProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Cart lines">
      {lines.map((line) => (
        <CartLineItem
          key={line.partId}
          line={line}
          busy={busy}
          refusal={refusals.get(line.partId)}
          onQuantity={(quantity) => onEdit(line.partId, { partId: line.partId, quantity })}
          onRemove={() => onEdit(line.partId, null)}
          onReplace={(successor) => onEdit(line.partId, { partId: successor._id, quantity: line.quantity })}
        />
      ))}
    </ul>
  );
});
