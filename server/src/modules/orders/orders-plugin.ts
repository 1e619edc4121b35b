import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HoldPayments } from './hold-sweeper.ts';
import { createOrderEvents, type OrderEvents } from './order-events.ts';
import { createOrderMachine, type OrderMachine } from './order-machine.ts';
import { createOrderPayments, type OrderPayments } from './order-payments.ts';
import { ORDER_EVENT_TYPES } from './order-states.ts';
import type { TaxPolicy } from './order-tax.ts';
import { createOrdersRepository } from './orders-repository.ts';
import { createOrdersService, type OrdersService } from './orders-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: {
      /** Subscribe here, at plugin start (order-events.ts). */
      events: OrderEvents;
      /** The transitions (order-machine.ts): the only writer of an order's state. */
      machine: OrderMachine;
      /** What the routes call. */
      service: OrdersService;
      /** What the payments module may read and ask. */
      payments: OrderPayments;
      /** The payments module registers how the hold sweep asks about an order with a payment intent. */
      useHoldPayments(port: HoldPayments): void;
      holdPayments(): HoldPayments | null;
      /** The tax module registers how placing decides an order's tax (order-tax.ts). */
      useTaxPolicy(policy: TaxPolicy): void;
    };
  }
}

/**
 * Orders: the state machine and its events, the repository (every read), and the services for
 * the routes and for payments. Its own after-commit subscribers: the order counters
 * (plugins/metrics.ts) and, for every change that moved stock, `catalogueChanged()` so a cached
 * catalogue is dropped. Mail, invoices and payments subscribe in their own plugins, registered
 * after this one.
 */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    const events = createOrderEvents(app.log);
    const maxUnpaidUnits = app.config.MAX_UNPAID_UNITS_PER_ACCOUNT;
    const repository = createOrdersRepository(app.db, { maxUnpaidUnits });
    const machine = createOrderMachine({
      db: app.db,
      events,
      holdMinutes: app.config.ORDER_HOLD_MINUTES,
      maxUnpaidUnits,
      placingConcurrency: app.config.PLACING_CONCURRENCY,
    });
    app.metrics.readPlacingTurns(() => machine.placingTurns());
    events.on(ORDER_EVENT_TYPES, (event) => {
      app.metrics.order(event.type);
      if (event.stock) app.catalogueChanged();
    });

    let holdPayments: HoldPayments | null = null;
    let taxPolicy: TaxPolicy | null = null;
    app.decorate('orders', {
      events,
      machine,
      service: createOrdersService({
        repository,
        machine,
        secret: app.config.authSecret,
        maxUnpaidUnits,
        taxPolicy: () => taxPolicy,
        buyerTerms: (userId, partIds) => app.priceLists.termsFor(userId, partIds),
      }),
      payments: createOrderPayments({ repository, machine, log: app.log }),
      useHoldPayments(port: HoldPayments) {
        if (holdPayments) throw new Error('the hold sweep already has a payments port');
        holdPayments = port;
      },
      holdPayments: () => holdPayments,
      useTaxPolicy(policy: TaxPolicy) {
        if (taxPolicy) throw new Error('orders already have a tax policy');
        taxPolicy = policy;
      },
    });
  },
  { name: 'orders', dependencies: ['database', 'metrics', 'catalogue-events', 'price-lists'] },
);
