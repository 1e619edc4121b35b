import type { Order } from '@torque/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/errors.ts';
import { toCents } from '../../lib/money.ts';
import type { Caller } from '../../plugins/access.ts';
import { createCartRepository } from './cart-repository.ts';
import { createCartService, type CartService, type PastOrderLine, type PastOrders } from './cart-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart: the routes' calls, and `linesOf` / `removeOrdered` for checkout. */
    cart: CartService;
  }
}

/**
 * An order's lines for its owner, from the orders module's own reading of an order (owner only:
 * anyone else, an admin included, is told there is no such order). An order placed before orders
 * had lines is its one line: the spec's fields.
 */
function pastOrdersOf(app: FastifyInstance): PastOrders {
  return {
    async linesOf(caller: Caller, orderId: string): Promise<PastOrderLine[] | null> {
      let json: string;
      try {
        json = (await app.orders.service.orderFor(caller, orderId, 'owner-only')).json;
      } catch (error) {
        if (error instanceof DomainError && (error.kind === 'not-found' || error.kind === 'forbidden')) return null;
        throw error;
      }
      const order = JSON.parse(json) as Order;
      const lines = order.lines?.length ? order.lines : [order];
      return lines.map((l) => ({
        partId: l.partId,
        partNumber: l.partNumber,
        name: l.name,
        quantity: l.quantity,
        unitPriceCents: toCents(l.unitPrice),
      }));
    },
  };
}

/** The cart's service, built once; it asks the catalogue for numbers and the orders module for past orders. */
export const cartPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'cart',
      createCartService({
        repository: createCartRepository(app.db),
        numbers: { byNumber: (number) => app.crossReferences.match(number) },
        orders: pastOrdersOf(app),
        buyerTerms: (userId, partIds) => app.priceLists.termsFor(userId, partIds),
      }),
    );
  },
  { name: 'cart', dependencies: ['database', 'catalogue', 'orders', 'price-lists'] },
);
