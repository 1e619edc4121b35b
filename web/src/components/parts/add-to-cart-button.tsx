import { useState } from 'react';
import { Link } from 'react-router';
import { useAddToCart } from '@/lib/cart/use-cart.ts';
import { formatCount } from '@/lib/format.ts';

interface AddToCartButtonProps {
  partId: string;
  /** Whose name the button's accessible name carries ("Add Brake Disc to cart"). */
  name: string;
  /** Units to add (the catalogue: the minimum order; the purchase page: the quantity field). */
  quantity: number;
  disabled?: boolean;
  className?: string;
}

/**
 * "Add to cart" (issue 27): to the account's cart when signed in, the browser's otherwise. What
 * happened is said beside it (added, with the way to the cart, or why not), for every reader.
 */
export function AddToCartButton({ partId, name, quantity, disabled = false, className = '' }: AddToCartButtonProps) {
  const add = useAddToCart();
  const [added, setAdded] = useState<number | null>(null);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <button
        type="button"
        className="btn btn-outline btn-primary w-full"
        aria-label={`Add ${name} to cart`}
        disabled={disabled || add.isPending}
        onClick={() =>
          add.mutate({ partId, quantity }, { onSuccess: () => setAdded(quantity), onError: () => setAdded(null) })
        }
      >
        Add to cart
      </button>
      <p role="status" className="text-center text-sm">
        {added !== null && !add.isPending ? (
          <>
            Added {formatCount(added)} to your cart.{' '}
            <Link to="/cart" className="link font-medium">
              View cart
            </Link>
          </>
        ) : add.error ? (
          <span className="text-red-700">{add.error.message}</span>
        ) : null}
      </p>
    </div>
  );
}
