import type { Part } from '@torque/contract';
import { AddToCartButton } from '@/components/parts/add-to-cart-button.tsx';
import { useAddToCart } from '@/lib/cart/use-cart.ts';

/** A catalogue card's "Add to cart": the part's minimum order, while that much is in stock. */
export function CardAddToCart({ part }: { part: Part }) {
  const cart = useAddToCart();
  return (
    <AddToCartButton
      cart={cart}
      partId={part._id}
      name={part.name}
      quantity={part.minimunOrder}
      disabled={part.available < part.minimunOrder}
      className="w-full"
    />
  );
}
