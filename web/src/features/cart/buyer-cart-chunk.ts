import { loadChunk } from '@/lib/lazy-route.ts';

let loading: Promise<{ default: typeof import('./components/buyer-cart.tsx').BuyerCart }> | undefined;

/**
 * The buyer's cart with its forms (checkout, address, quick order: react-hook-form and the address
 * rules, about 30 kB gzip) as a chunk of its own, which a visitor's cart never downloads (issue
 * 31). Started once: by the route when an access token is stored, so a buyer's arrives with the
 * page's chunk rather than after it, and by the page when it renders a buyer's cart.
 */
export function loadBuyerCart() {
  return (loading ??= loadChunk('buyer-cart', () =>
    import('./components/buyer-cart.tsx').then(({ BuyerCart }) => ({ default: BuyerCart })),
  ));
}
