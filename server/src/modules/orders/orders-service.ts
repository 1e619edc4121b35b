import type { Order } from '@torque/contract';
import { conflict, notFound } from '../../lib/errors.ts';
import { assertOwner, type Caller } from '../../plugins/access.ts';
import type { NewOrder, OrdersRepository, StoredOrder } from './orders-repository.ts';

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
export function createOrdersService(deps: { repository: OrdersRepository; stockChanged: () => void }) {
  const { repository, stockChanged } = deps;

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

    listAll: (): Promise<string> => repository.listAllJson(),

    async get(caller: Caller, id: string): Promise<string> {
      return (await orderFor(caller, id, 'admin-allowed')).json;
    },

    /** Cancels an unpaid order (its owner or an admin); its units go back to stock. */
    async cancel(caller: Caller, id: string): Promise<Order> {
      const order = await orderFor(caller, id, 'admin-allowed');
      const cancelled = await repository.cancelUnpaid(order.id);
      if (cancelled === 'paid') throw conflict('A paid order cannot be cancelled', 'ORDER_PAID');
      if (!cancelled) throw notFound('Order');
      stockChanged();
      return cancelled;
    },

    ship: (id: string): Promise<Order> => repository.ship(id),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
