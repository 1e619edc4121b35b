import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderHolds, type OrderHolds } from './order-holds.ts';
import { createOrdersRepository, type OrdersRepository } from './orders-repository.ts';
import { createOrdersService, type OrdersService } from './orders-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: { repository: OrdersRepository; service: OrdersService; holds: OrderHolds };
  }
}

/** Orders: their repository (every SQL statement on orders) and the service the routes call. */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createOrdersRepository(app.db, {
      holdMinutes: app.config.ORDER_HOLD_MINUTES,
      maxUnpaidUnits: app.config.MAX_UNPAID_UNITS_PER_ACCOUNT,
    });
    const service = createOrdersService({
      repository,
      stockChanged: () => app.catalogueChanged(),
      secret: app.config.authSecret,
    });
    app.decorate('orders', { repository, service, holds: createOrderHolds(app.db) });
  },
  { name: 'orders', dependencies: ['database', 'catalogue-events'] },
);
