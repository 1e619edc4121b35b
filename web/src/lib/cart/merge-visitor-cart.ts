import type { QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../http.ts';
import { addCartLines, storeCart } from './cart-api.ts';
import { asCartInput, visitorCart, type VisitorCartLine } from './visitor-cart.ts';

let merging: Promise<void> | null = null;

/**
 * Right after a sign-in (every path: e-mail, sign-up, Google; auth-controller's completeSignIn),
 * the visitor's lines join the account's cart with `POST /api/cart/lines` (same part: quantities
 * added) and leave the browser. One merge at a time, so two sign-in paths finishing together
 * never add the lines twice. It never fails the sign-in. The server takes all lines or none: a
 * part deleted since is a 400 naming its line, so those lines are dropped and the rest sent once
 * more; lines the server refuses otherwise (a full cart) are dropped, since sending them again
 * would fail the same way; on a network or server failure they stay for the next try.
 */
export function mergeVisitorCart(queryClient: QueryClient): Promise<void> {
  merging ??= run(queryClient).finally(() => {
    merging = null;
  });
  return merging;
}

async function run(queryClient: QueryClient) {
  let lines = visitorCart.lines();
  for (let attempt = 0; attempt < 2 && lines.length > 0; attempt += 1) {
    try {
      await storeCart(queryClient, await addCartLines(asCartInput(lines)));
      visitorCart.clear();
      return;
    } catch (error) {
      if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401) return;
      const kept = withoutRefusedLines(lines, error);
      if (kept.length === lines.length) break;
      lines = kept;
    }
  }
  visitorCart.clear();
}

/** The lines a 400 does not name (`fields: { "lines.1.partId": … }`). */
function withoutRefusedLines(lines: readonly VisitorCartLine[], error: ApiError): readonly VisitorCartLine[] {
  if (error.status !== 400 || !error.fields) return lines;
  const refused = new Set(
    Object.keys(error.fields).flatMap((key) => {
      const index = /^lines\.(\d+)\./.exec(key)?.[1];
      return index === undefined ? [] : [Number(index)];
    }),
  );
  return lines.filter((_, index) => !refused.has(index));
}
