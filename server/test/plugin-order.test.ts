import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { ordersPlugin } from '../src/modules/orders/orders-plugin.ts';
import { paymentsPlugin } from '../src/modules/payments/payments-plugin.ts';
import { accessPlugin } from '../src/plugins/access.ts';

/**
 * The order of registration is checked, not remembered: a plugin registered before one it
 * depends on stops the server at start, naming what is missing.
 */
test('a plugin registered before what it depends on stops the start, naming the dependency', async () => {
  for (const [plugin, missing] of [
    [accessPlugin, 'access-tokens'],
    [ordersPlugin, 'database'],
    [paymentsPlugin, 'database'],
  ] as const) {
    const app = Fastify({ logger: false });
    app.register(plugin);
    await assert.rejects(
      async () => void (await app.ready()),
      (error: Error) => {
        assert.match(error.message, new RegExp(`dependency '${missing}'`));
        return true;
      },
    );
    await app.close();
  }
});
