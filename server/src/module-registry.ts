import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import { accountsPlugin } from './modules/accounts/accounts-plugin.ts';
import { accountsRoutes } from './modules/accounts/accounts-routes.ts';
import { addressesPlugin } from './modules/addresses/addresses-plugin.ts';
import { addressesRoutes } from './modules/addresses/addresses-routes.ts';
import { cartPlugin } from './modules/cart/cart-plugin.ts';
import { cartRoutes } from './modules/cart/cart-routes.ts';
import { companiesPlugin } from './modules/companies/companies-plugin.ts';
import { companiesRoutes } from './modules/companies/companies-routes.ts';
import { checkoutPlugin } from './modules/checkout/checkout-plugin.ts';
import { checkoutRoutes } from './modules/checkout/checkout-routes.ts';
import { contactPlugin } from './modules/contact/contact-plugin.ts';
import { contactRoutes } from './modules/contact/contact-routes.ts';
import { cataloguePlugin } from './modules/catalogue/catalogue-plugin.ts';
import { fitmentRoutes } from './modules/catalogue/fitment/fitment-routes.ts';
import { crossReferenceRoutes } from './modules/catalogue/numbers/cross-reference-routes.ts';
import { partsRoutes } from './modules/catalogue/parts-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { accessTokensPlugin } from './modules/identity/access-tokens-plugin.ts';
import { identityPlugin } from './modules/identity/identity-plugin.ts';
import { tokenRoutes } from './modules/identity/token-routes.ts';
import { invoicesPlugin } from './modules/invoices/invoices-plugin.ts';
import { invoicesRoutes } from './modules/invoices/invoices-routes.ts';
import { mailPlugin } from './modules/mail/mail-plugin.ts';
import { holdSweeperPlugin } from './modules/orders/hold-sweeper.ts';
import { ordersPlugin } from './modules/orders/orders-plugin.ts';
import { ordersRoutes } from './modules/orders/orders-routes.ts';
import { priceListsPlugin } from './modules/price-lists/price-lists-plugin.ts';
import { priceListsRoutes } from './modules/price-lists/price-lists-routes.ts';
import { paymentsPlugin } from './modules/payments/payments-plugin.ts';
import { paymentsRoutes } from './modules/payments/payments-routes.ts';
import { webhookRoutes } from './modules/payments/webhook-routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config-routes.ts';
import { reviewsPlugin } from './modules/reviews/reviews-plugin.ts';
import { reviewsRoutes } from './modules/reviews/reviews-routes.ts';
import { shippingPlugin } from './modules/shipping/shipping-plugin.ts';
import { shippingRoutes } from './modules/shipping/shipping-routes.ts';
import { taxPlugin } from './modules/tax/tax-plugin.ts';
import { taxRoutes } from './modules/tax/tax-routes.ts';
import { statsPlugin } from './modules/stats/stats-plugin.ts';
import { statsRoutes } from './modules/stats/stats-routes.ts';
import { usersPlugin } from './modules/users/users-plugin.ts';
import { usersRoutes } from './modules/users/users-routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { catalogueEventsPlugin } from './plugins/catalogue-events.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';

/**
 * Every plugin the server is made of that takes no options, in the order app.ts registers them.
 * A new module adds its service plugin and its routes here. Each plugin also names what it
 * depends on (`fastify-plugin`'s `dependencies`), so a wrong order stops the server at start
 * (test/plugin-order.test.ts); the order here is one that satisfies them.
 */
type Plugin = FastifyPluginAsync | FastifyPluginCallback;

/** After the database: who may call, how often, and what the API document and counters see. */
export const INFRASTRUCTURE: readonly Plugin[] = [
  rateLimitsPlugin,
  accessTokensPlugin,
  accessPlugin,
  openApiPlugin,
  metricsPlugin,
  catalogueEventsPlugin,
];

/**
 * The modules' services. Orders first: mail, payments, invoices and the hold sweep subscribe to
 * the order machine's events; identity after mail and users, whose services it calls; the cart
 * after the catalogue and orders, which it asks; shipping after the cart and the address book,
 * which it reads; tax after shipping (its quote prices a cart's shipping) and orders (it registers
 * the tax policy placing asks); checkout last.
 */
export const SERVICES: readonly Plugin[] = [
  priceListsPlugin,
  ordersPlugin,
  mailPlugin,
  usersPlugin,
  identityPlugin,
  companiesPlugin,
  cataloguePlugin,
  cartPlugin,
  addressesPlugin,
  shippingPlugin,
  taxPlugin,
  reviewsPlugin,
  contactPlugin,
  statsPlugin,
  paymentsPlugin,
  invoicesPlugin,
  holdSweeperPlugin,
  accountsPlugin,
  checkoutPlugin,
];

/** The HTTP routes; each only parses, authorises, calls one service function and answers. */
export const ROUTES: readonly Plugin[] = [
  healthRoutes,
  publicConfigRoutes,
  partsRoutes,
  fitmentRoutes,
  crossReferenceRoutes,
  reviewsRoutes,
  contactRoutes,
  tokenRoutes,
  usersRoutes,
  companiesRoutes,
  ordersRoutes,
  cartRoutes,
  addressesRoutes,
  shippingRoutes,
  taxRoutes,
  checkoutRoutes,
  invoicesRoutes,
  paymentsRoutes,
  webhookRoutes,
  statsRoutes,
  priceListsRoutes,
  accountsRoutes,
];
