import type { RouteObject } from 'react-router';
import { inLaterTask } from '@/lib/later-tasks.ts';
import { lazyRoute } from '@/lib/lazy-route.ts';
import { loadSignedInSheet } from '@/lib/signed-in-sheet.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { loadBuyerCart } from './buyer-cart-chunk.ts';

/**
 * `/cart` (issue 27): open to visitors (their cart is in the browser) and buyers alike, so it is
 * mounted outside `RequireAuth`; its chunk loads only when the page is opened, never with the
 * landing page. With an access token stored (a buyer, most likely) the buyer's cart and the
 * signed-in stylesheet are asked for beside the page's chunk: one round trip, not three in a row,
 * each in a task of its own (the buyer's cart writes a preload link for each of its dozen chunks).
 */
export const cartRoutes: RouteObject[] = [
  {
    path: 'cart',
    lazy: lazyRoute('cart', () => {
      // The page's chunk first: its heading is the first paint, and the browser asks in this order.
      const page = import('./routes/cart-page.tsx');
      if (tokenStorage.get()) {
        inLaterTask(() => void loadSignedInSheet());
        inLaterTask(() => void loadBuyerCart().catch(() => undefined));
      }
      return page;
    }),
  },
];
