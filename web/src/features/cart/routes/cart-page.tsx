import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { useVisitorCart } from '@/lib/cart/visitor-cart.ts';
import { useSignedInSheet } from '@/lib/signed-in-sheet.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { loadBuyerCart } from '../buyer-cart-chunk.ts';
import { VisitorCart } from '../components/visitor-cart.tsx';

const BuyerCart = lazy(loadBuyerCart);

const loadingCart = (
  <div className="flex justify-center py-10">
    <Spinner label="Loading your cart" />
  </div>
);

/**
 * `/cart` (issue 27): the buyer's cart from the server, or a visitor's from the browser. The
 * heading, the spinner and a visitor's empty cart need only the public stylesheet; lines and the
 * buyer's cart wait for the signed-in one (lib/signed-in-sheet.ts), so an empty cart paints as
 * soon as the page's chunk is here.
 */
export default function CartPage() {
  useTitle('Cart');
  const { status } = useAuth();
  const visitorLines = useVisitorCart().length;
  const needsSheet = status === 'authenticated' || visitorLines > 0 || (status === 'loading' && !!tokenStorage.get());
  const sheet = useSignedInSheet(needsSheet);
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Cart</h1>
      {needsSheet && !sheet ? (
        loadingCart
      ) : status === 'authenticated' ? (
        <Suspense fallback={loadingCart}>
          <BuyerCart />
        </Suspense>
      ) : status === 'unauthenticated' ? (
        <VisitorCart />
      ) : (
        loadingCart
      )}
    </section>
  );
}
