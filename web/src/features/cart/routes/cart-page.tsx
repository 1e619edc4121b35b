import { Spinner } from '@/components/ui/spinner.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { BuyerCart } from '../components/buyer-cart.tsx';
import { VisitorCart } from '../components/visitor-cart.tsx';

/** `/cart` (issue 27): the buyer's cart from the server, or a visitor's from the browser. */
export default function CartPage() {
  useTitle('Cart');
  const { status } = useAuth();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Cart</h1>
      {status === 'authenticated' ? (
        <BuyerCart />
      ) : status === 'unauthenticated' ? (
        <VisitorCart />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your cart" />
        </div>
      )}
    </section>
  );
}
