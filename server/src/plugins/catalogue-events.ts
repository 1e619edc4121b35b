import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Something changed parts or stock (an admin edit, an order, a cancellation). */
    catalogueChanged(): void;
    /** Run `listener` after every catalogue change, e.g. to drop a cached response. */
    onCatalogueChange(listener: () => void): void;
  }
}

/**
 * Orders change stock and the parts module may cache the catalogue; this keeps the two apart:
 * writers announce a change, readers that cache subscribe.
 */
export const catalogueEventsPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners: (() => void)[] = [];
    app.decorate('onCatalogueChange', (listener: () => void) => void listeners.push(listener));
    app.decorate('catalogueChanged', () => {
      for (const listener of listeners) listener();
    });
  },
  { name: 'catalogue-events' },
);
