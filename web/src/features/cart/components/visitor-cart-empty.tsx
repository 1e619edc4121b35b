import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';

/** Where signing in from the cart comes back to. */
export const signInState = { from: { pathname: '/cart' } };

/**
 * A visitor's empty cart. It paints with the public stylesheet alone (index.css scans this file
 * and the cart's page, not the rest of the cart), so it waits for no signed-in sheet (issue 31).
 */
export function VisitorCartEmpty() {
  return (
    <EmptyState title="Your cart is empty">
      <p className="text-base-content/80">
        Add parts from the catalogue. Have an account?{' '}
        <Link to="/login" state={signInState} className="link">
          Sign in
        </Link>{' '}
        to see your cart and order by part number.
      </p>
      <Link to="/parts" className="btn btn-primary btn-sm">
        Browse the catalogue
      </Link>
    </EmptyState>
  );
}
