/**
 * Every TanStack Query cache root, defined once. A query's key starts with its root
 * (`[...queryRoots.parts, 'catalogue', params]`); a mutation invalidates the roots it changes
 * (placing an order: `parts`, for the stock, and `orders`). Features share data by these roots,
 * never by importing each other's API files.
 */
export const queryRoots = {
  /** The catalogue in every form: the landing page's three, the catalogue's pages, one part, the admin lists. */
  parts: ['parts'],
  /** Orders: one, the customer's own, the admin's list, the admin overview's figures. */
  orders: ['orders'],
  /** The signed-in buyer's cart (`GET /api/cart`); a visitor's lives in the browser (lib/cart/visitor-cart.ts). */
  cart: ['cart'],
  /** Accounts: the admin's list, one profile. */
  users: ['users'],
  reviews: ['reviews'],
  partners: ['partners'],
  /** The contact form's messages in the admin's inbox. */
  contactMessages: ['contact-messages'],
  /** The identity session and the admin lookup. */
  auth: ['auth'],
  /** The signed-in customer's vehicles. */
  garage: ['garage'],
  /** The vehicle selector's lists: makes, models, years, engines. */
  vehicles: ['vehicles'],
  /** Tax (issue 29): the admin's rates and report, the buyer's tax number, exemptions. The cart's quote sits under `cart`. */
  tax: ['tax'],
  /** The signed-in account's address book (issue 28). */
  addresses: ['addresses'],
  /** Shipping methods (the admin's list, the public active ones) and a cart's shipping options. */
  shipping: ['shipping'],
  /** The server's public configuration (`GET /api/config`). */
  config: ['config'],
  /** Companies (issue 30): the caller's company, its orders and invitations, the shop admin's list. */
  companies: ['companies'],
  /** Price lists (issue 30, §25): the shop admin's lists and the companies they may name. */
  priceLists: ['price-lists'],
} as const;

/**
 * How long an answer the app asked for before its first page rendered (app/prefetch-first-page.ts)
 * counts as fresh: the page's first render takes it over instead of asking the same again. Here,
 * beside the keys, because the entry and the pages' chunks share this module already (from
 * query-client.ts, which only the entry imports, it split into a chunk and a request of its own).
 */
export const PREFETCHED_STALE_MS = 10_000;
