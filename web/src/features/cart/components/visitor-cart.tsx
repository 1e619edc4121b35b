import type { CartLine } from '@torque/contract';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useVisitorCart, visitorCart } from '@/lib/cart/visitor-cart.ts';
import { isApiError } from '@/lib/http.ts';
import { useVisitorParts } from '../api/get-visitor-parts.ts';
import { visitorLine } from '../utils/visitor-lines.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { CartSummary } from './cart-summary.tsx';
import { signInState, VisitorCartEmpty } from './visitor-cart-empty.tsx';

/**
 * A visitor's cart: the lines kept in the browser, with today's parts from the public API. They
 * can be edited here; checking out (and quick order) needs an account, and signing in adds these
 * lines to it.
 */
export function VisitorCart() {
  const lines = useVisitorCart();
  const parts = useVisitorParts(lines.map((line) => line.partId));
  if (lines.length === 0) return <VisitorCartEmpty />;

  const shown: CartLine[] = [];
  const gone: string[] = [];
  lines.forEach((line, index) => {
    const part = parts[index];
    if (part?.data) shown.push(visitorLine(line, part.data));
    else if (isApiError(part?.error) && (part.error.status === 404 || part.error.status === 400))
      gone.push(line.partId);
  });
  const loading = parts.some((part) => part.isPending);
  const total = shown.reduce((sum, line) => sum + Math.round(line.total * 100), 0) / 100;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-4">
        <ul className="flex flex-col gap-3" aria-label="Cart lines">
          {shown.map((line) => (
            <CartLineItem
              key={line.partId}
              line={line}
              busy={false}
              onQuantity={(quantity) => visitorCart.setQuantity(line.partId, quantity)}
              onRemove={() => visitorCart.remove(line.partId)}
              onReplace={(successor) => {
                visitorCart.remove(line.partId);
                visitorCart.add(successor._id, line.quantity);
              }}
            />
          ))}
        </ul>
        {loading ? <Spinner label="Loading your cart" className="self-center" /> : null}
        {gone.length > 0 ? (
          <div role="alert" className="alert alert-warning flex flex-wrap">
            <span className="flex-1">
              {gone.length === 1 ? 'A part in your cart is' : `${gone.length} parts in your cart are`} no longer in the
              catalogue.
            </span>
            <button type="button" className="btn btn-sm" onClick={() => gone.forEach((id) => visitorCart.remove(id))}>
              Remove {gone.length === 1 ? 'it' : 'them'}
            </button>
          </div>
        ) : null}
      </div>
      <CartSummary lines={lines.length} quantity={lines.reduce((sum, line) => sum + line.quantity, 0)} total={total}>
        <p className="text-xs text-base-content/80">Tax is added at checkout, by your delivery address.</p>
        <p className="text-sm">Sign in to check out: your cart comes with you.</p>
        <Link to="/login" state={signInState} className="btn btn-primary">
          Sign in to check out
        </Link>
        <Link to="/signup" state={signInState} className="link text-center text-sm">
          New here? Create an account
        </Link>
      </CartSummary>
    </div>
  );
}
