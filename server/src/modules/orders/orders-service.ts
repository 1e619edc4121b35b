import type { Order, OrdersQuery } from '@torque/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { assertOwner, type Caller } from '../../plugins/access.ts';
import {
  ORDER_KEY_PATTERNS,
  type NewOrder,
  type OrderExportRow,
  type OrdersFilter,
  type OrdersRepository,
  type StoredOrder,
} from './orders-repository.ts';

export interface PlaceOrderInput {
  partId: string;
  quantity: number;
  phone: string;
  address: string;
}

/**
 * PRODUCT.md §7's order calls, decided by the server: the owner is the caller, the price comes
 * from the part, and stock moves in the same statement as the order. Every change of stock is
 * announced, so a cached catalogue is dropped.
 */
export function createOrdersService(deps: { repository: OrdersRepository; stockChanged: () => void; secret: string }) {
  const { repository, stockChanged } = deps;
  const cursors = createKeysetCodec(deps.secret);

  /** An order its owner (or, where allowed, an admin) may act on; 404 when there is none. */
  async function orderFor(caller: Caller, id: string, admin: 'admin-allowed' | 'owner-only'): Promise<StoredOrder> {
    const order = await repository.get(id);
    if (!order) throw notFound('Order');
    assertOwner(caller, order.email, admin);
    return order;
  }

  return {
    orderFor,

    /** The placed order's JSON. */
    async place(caller: Caller, input: PlaceOrderInput): Promise<string> {
      const order: NewOrder = { ...input, userId: caller.userId, email: caller.email };
      const placed = await repository.place(order);
      stockChanged();
      return placed;
    },

    /** The caller's own orders, as JSON: `email` must be the caller's. */
    async listOwn(caller: Caller, email: string): Promise<string> {
      assertOwner(caller, email, 'owner-only');
      return repository.listByEmailJson(caller.email);
    },

    /**
     * Every order (admin). Without `limit`, `status` or `q` the whole list, oldest first, as
     * before; otherwise newest first, filtered, and with `limit` one page and its paging facts.
     */
    async listAll(query: OrdersQuery): Promise<{ json: string; page?: { total: number; nextCursor: string | null } }> {
      const filter: OrdersFilter = { status: query.status, q: query.q || undefined };
      if (query.limit === undefined) {
        if (query.cursor !== undefined) throw badRequest('cursor needs limit', { cursor: 'cursor needs limit' });
        if (!filter.status && !filter.q) return { json: await repository.listAllJson() };
        return { json: (await repository.pageJson(filter, Number.MAX_SAFE_INTEGER, undefined)).json };
      }
      const scope = `orders|${JSON.stringify([filter.status ?? null, filter.q ?? null])}`;
      const after = query.cursor === undefined ? undefined : cursors.decode(query.cursor, scope, ORDER_KEY_PATTERNS);
      const [found, total] = await Promise.all([
        repository.pageJson(filter, query.limit, after),
        repository.count(filter),
      ]);
      return {
        json: found.json,
        page: { total, nextCursor: found.nextKey && cursors.encode(scope, found.nextKey) },
      };
    },

    /** The CSV export's rows for the list's filters, read in batches. */
    exportRows: (query: Pick<OrdersQuery, 'status' | 'q'>): AsyncGenerator<OrderExportRow> =>
      repository.exportRows({ status: query.status, q: query.q || undefined }),

    async get(caller: Caller, id: string): Promise<string> {
      return (await orderFor(caller, id, 'admin-allowed')).json;
    },

    /** Cancels an unpaid order (its owner or an admin); its units go back to stock. Never a refunded one. */
    async cancel(caller: Caller, id: string): Promise<Order> {
      const order = await orderFor(caller, id, 'admin-allowed');
      const cancelled = await repository.cancelUnpaid(order.id);
      if (cancelled === 'paid') throw conflict('A paid order cannot be cancelled', 'ORDER_PAID');
      if (cancelled === 'refunded')
        throw conflict('A refunded order cannot be deleted: it is the record of its refund', 'ORDER_REFUNDED');
      if (!cancelled) throw notFound('Order');
      stockChanged();
      return cancelled;
    },

    ship: (id: string): Promise<Order> => repository.ship(id),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
