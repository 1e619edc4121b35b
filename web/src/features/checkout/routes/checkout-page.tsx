import { useParams } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';

export default function CheckoutPage() {
  useTitle('Checkout');
  const { orderId } = useParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Checkout</h1>
      <p className="mt-2 text-base-content/80">Order {orderId}: card payment is on its way.</p>
    </section>
  );
}
