import type { QueryClient } from '@tanstack/react-query';
import { prefetchCatalogue } from '@/features/catalogue/prefetch.ts';
import { orderQueryOptions } from '@/features/checkout/api/get-order.ts';
import { companiesQueryOptions, myCompanyQueryOptions } from '@/features/company/api/company-queries.ts';
import { prefetchLanding } from '@/features/landing/prefetch.ts';
import { prefetchPurchase } from '@/features/purchase/prefetch.ts';
import { activeShippingMethodsQueryOptions, addressesQueryOptions } from '@/lib/addresses/address-api.ts';
import { adminQueryOptions } from '@/lib/auth/index.ts';
import type { SessionData } from '@/lib/auth/auth-api.ts';
import { cartQueryOptions } from '@/lib/cart/cart-api.ts';
import { publicConfigQueryOptions } from '@/lib/public-config.ts';
import { tokenStorage } from '@/lib/token-storage.ts';

/**
 * What the first page shows, asked for while its chunk downloads instead of after it renders
 * (issue 31): the landing page's data and hero picture; the catalogue's first page; the server's
 * set-up for the sign-in pages' Google button (no request at all when the server wrote it into
 * the page: lib/public-config.ts). With an access token stored (without one the signed-in pages
 * send the visitor to sign in): a purchase page's part and photo, the order being paid for, the
 * buyer's company, the buyer's cart (its lines are the cart's largest paint: asked for once the
 * session had answered, they came a round trip later) with the address book and the shipping
 * methods its delivery box shows: answered after the cart had rendered, each rendered it again.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
) {
  if (pathname === '/') prefetchLanding(queryClient);
  if (pathname === '/parts') prefetchCatalogue(queryClient, search);
  if (pathname === '/login' || pathname === '/signup') void queryClient.prefetchQuery(publicConfigQueryOptions());
  if (!tokenStorage.get()) return;
  const partId = idAfter('/purchase/', pathname);
  if (partId !== null) prefetchPurchase(queryClient, partId);
  const orderId = idAfter('/checkout/', pathname);
  if (orderId !== null) void queryClient.prefetchQuery(orderQueryOptions(orderId));
  if (pathname === '/dashboard/company') void queryClient.prefetchQuery(myCompanyQueryOptions());
  if (pathname === '/cart') {
    void queryClient.prefetchQuery(cartQueryOptions());
    void queryClient.prefetchQuery(addressesQueryOptions());
    void queryClient.prefetchQuery(activeShippingMethodsQueryOptions());
  }
}

/** The `:id` of an address `{prefix}:id`, decoded as the router does; null for another or a malformed address. */
function idAfter(prefix: string, pathname: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const encoded = pathname.slice(prefix.length).replace(/\/$/, '');
  if (encoded === '' || encoded.includes('/')) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null; // The page shows what it shows for it, with its own request.
  }
}

/**
 * What the first page shows once the session names who is signed in (with an access token
 * stored), not after the render that follows: on a slow phone each was a round trip after
 * everything else (issue 31). A buyer's cart; on the dashboard whether they are the shop's admin
 * (its menu and admin pages wait for it), and then an admin's list of companies. The page's own
 * reads take these requests over. The cart is asked for again only if prefetchFirstPage's answer
 * is gone (prefetchQuery joins a request in flight and leaves a fresh answer be).
 */
export function prefetchSignedInFirstPage(queryClient: QueryClient, pathname: string, session: SessionData) {
  if (pathname === '/cart') void queryClient.prefetchQuery(cartQueryOptions());
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    queryClient.fetchQuery(adminQueryOptions(session.user.email)).then(
      (isAdmin) => {
        if (isAdmin && pathname === '/dashboard/companies') void queryClient.prefetchQuery(companiesQueryOptions());
      },
      () => undefined, // The layout's own query shows the failure.
    );
  }
}
