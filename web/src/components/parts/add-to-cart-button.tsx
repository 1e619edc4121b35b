import { Link } from 'react-router';
import type { AddToCart } from '@/lib/cart/use-cart.ts';
import { formatCount } from '@/lib/format.ts';

interface AddToCartButtonProps {
  /** The page's `useAddToCart()` (it lives in the first load; see lib/cart/use-cart.ts). */
  cart: AddToCart;
  partId: string;
  /** Whose name the button's accessible name carries ("Add to cart: Brake Disc"). */
  name: string;
  /** Units to add (the catalogue: the minimum order; the purchase page: the quantity field). */
  quantity: number;
  disabled?: boolean;
  className?: string;
}

/**
 * "Add to cart" (issue 27). What happened is said beside it (added, with the way to the cart, or
 * why not), for every reader.
 */
export function AddToCartButton({
  cart,
  partId,
  name,
  quantity,
  disabled = false,
  className = '',
}: AddToCartButtonProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <button
        type="button"
        className="btn btn-outline w-full"
        aria-label={`Add to cart: ${name}`}
        disabled={disabled || cart.pending}
        onClick={() => cart.add(partId, quantity)}
      >
        Add to cart
      </button>
      <p aria-live="polite" className="text-center text-sm">
        {cart.added !== null ? (
          <>
            Added {formatCount(cart.added)} to your cart.{' '}
            <Link to="/cart" className="link font-medium">
              View cart
            </Link>
          </>
        ) : cart.error ? (
          <span className="text-red-700">{cart.error}</span>
        ) : null}
      </p>
    </div>
  );
}
