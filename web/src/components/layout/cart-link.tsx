import { NavLink } from 'react-router';
import { useCartLineCount, useMergeLeftoverVisitorCart } from '@/lib/cart/use-cart.ts';

/** "Cart, 3 lines": the count is of lines (parts), not units, as the cart page lists them. */
export function cartLabel(count: number | null): string {
  if (count === null) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'line' : 'lines'}`;
}

/** The navbar's cart: an icon with the number of lines, on every screen width. */
export function CartLink() {
  const count = useCartLineCount();
  useMergeLeftoverVisitorCart();
  return (
    <NavLink
      to="/cart"
      aria-label={cartLabel(count)}
      className={({ isActive }) => `btn btn-ghost btn-square relative ${isActive ? 'text-primary' : ''}`}
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9.5" cy="19" r="1.5" />
        <circle cx="17" cy="19" r="1.5" />
      </svg>
      {count ? (
        <span aria-hidden="true" className="badge badge-primary badge-sm absolute -top-1 -right-1 px-1.5">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
