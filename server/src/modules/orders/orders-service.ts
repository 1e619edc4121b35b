import { orderMessages, unitPriceFor, type Order, type OrdersQuery, type PageQuery } from '@torque/contract';
import { termsOfPart } from '../price-lists/buyer-prices.ts';
import { NO_TERMS, type BuyerTerms } from '../price-lists/price-lists-repository.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { NO_TAX, type TaxDecision } from '../../lib/tax-amounts.ts';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { pagedList } from '../../lib/paged-list.ts';
import { assertOwner, assertReader, type Caller } from '../../plugins/access.ts';
import { placeLines, type PlaceLinesInput } from './lines-placement.ts';
import type { OrderFacts } from './order-facts.ts';
import type { OrderMachine, TransitionResult } from './order-machine.ts';
import type { OrderState } from './order-states.ts';
import type { TaxDestination, TaxPolicy } from './order-tax.ts';
import {
  ORDER_KEY_PATTERNS,
  type OrderExportRow,
  type OrdersFilter,
  type OrdersRepository,
  type StoredOrder,
} from './orders-repository.ts';

/** The buyer's price lists for some parts (price-lists module `termsFor`). */
export type BuyerTermsOf = (userId: string, partIds: readonly string[]) => Promise<BuyerTerms>;

export type { StoredOrder };

export interface PlaceOrderInput {
  partId: string;
  quantity: number;
  phone: string;
  address: string;
}

const notPaid = () => conflict('This order is not paid yet', 'NOT_PAID');
const paidNotCancellable = () => conflict('A paid order cannot be cancelled', 'ORDER_PAID');

/** Why a transition changed nothing, by the state the order was in (order-states.ts says which states each starts from). */
type Refusals = Partial<Record<OrderState, () => Error>>;

const CANCEL_REFUSALS: Refusals = {
  paid: paidNotCancellable,
  shipped: paidNotCancellable,
  refunded: () => conflict('A refunded order cannot be deleted: it is the record of the refund', 'ORDER_REFUNDED'),
};

const SHIP_REFUSALS: Refusals = {
  placed: notPaid,
  expired: notPaid,
  shipped: () => conflict('This order has already been shipped', 'ALREADY_SHIPPED'),
  refunded: () => conflict('This order has been refunded', 'ORDER_REFUNDED'),
};

/** The changed order of a transition, or the error its refusal stands for. */
function changedOrThrow(result: TransitionResult, refusals: Refusals): Order {
  if (result.kind === 'missing') throw notFound('Order');
  if (result.kind === 'changed') return JSON.parse(result.event.json) as Order;
  const refusal = refusals[result.state];
  // The guard refuses only the states the transition does not start from, which all have a refusal above.
  if (!refusal) throw new Error(`an order transition refused the state ${result.state}, which it starts from`);
  throw refusal();
}

/**
 * PRODUCT.md §7's order calls, decided by the server: the owner is the caller, the price comes
 * from the part, and every step is a transition of the order machine (order-machine.ts), whose
 * events tell the rest of the server (stock caches, mail, metrics).
 */
export function createOrdersService(deps: {
  repository: OrdersRepository;
  machine: OrderMachine;
  secret: string;
  maxUnpaidUnits: number;
  /** The tax module's policy, once registered (order-tax.ts); none: no tax. */
  taxPolicy?: () => TaxPolicy | null;
  /** Issue 30: the buyer's price lists for these parts (price-lists module); absent: none. */
  buyerTerms?: BuyerTermsOf;
}) {
  const { repository, machine } = deps;
  const buyerTerms: BuyerTermsOf = deps.buyerTerms ?? (() => Promise.resolve(NO_TERMS));
  const cursors = createKeysetCodec(deps.secret);

  /** The tax of the caller's order to `destination` (null: the seller's country), as the tax module decides it. */
  const decideTax = (caller: Caller, destination: TaxDestination | null): Promise<TaxDecision> =>
    deps.taxPolicy?.()?.decide(caller, destination) ?? Promise.resolve(NO_TAX);

  /** An order its owner (or, where allowed, an admin) may act on; 404 when there is none. */
  async function orderFor(caller: Caller, id: string, admin: 'admin-allowed' | 'owner-only'): Promise<StoredOrder> {
    const order = await repository.get(id);
    if (!order) throw notFound('Order');
    assertOwner(caller, order.email, admin);
    return order;
  }

  return {
    orderFor,

    /**
     * Places an order and answers its JSON. Stock check and decrement are one guarded UPDATE
     * (order-statements.ts), so concurrent orders serialise on the part's row and can never sell
     * more than there is. When it places nothing, a read says why; if the stock changed in
     * between so that it would pass now, it tries once more.
     */
    async place(caller: Caller, input: PlaceOrderInput): Promise<string> {
      // The spec's order has a free-text address: taxed as the seller's country (PRODUCT.md "Tax").
      // Read beside the first prices (one wait, not two).
      const decidingTax = decideTax(caller, null);
      for (let attempt = 1; ; attempt++) {
        // The unit price is the pricing function's (its quantity breaks, issue 30); the statement
        // places nothing if the price or breaks changed since this read, and the loop prices again.
        // Issue 30: with the buyer's price lists (PRODUCT.md §25), whose stamp the statement compares too.
        const [prices, terms, tax] = await Promise.all([
          repository.pricesOf([input.partId]),
          buyerTerms(caller.userId, [input.partId]),
          decidingTax,
        ]);
        const price = prices.get(input.partId);
        if (!price) throw notFound('Part');
        const { unitCents: unitPriceCents, publicUnitCents: publicUnitPriceCents } = unitPriceFor(
          {
            listPriceCents: price.priceCents,
            priceBreaks: price.priceBreaks,
            priceLists: termsOfPart(terms, input.partId),
          },
          input.quantity,
          new Date(),
        );
        const placed = await machine.place({
          ...input,
          userId: caller.userId,
          email: caller.email,
          unitPriceCents,
          listPriceCents: price.priceCents,
          priceBreaks: price.priceBreaks,
          publicUnitPriceCents,
          priceListsStamp: terms.stamp,
          tax,
        });
        if (placed) return placed.json;
        const refusal = await repository.refusalFor({ ...input, userId: caller.userId, unitPriceCents });
        if (refusal) throw refusal;
        if (attempt === 2) throw conflict(orderMessages.aboveAvailable, 'ABOVE_AVAILABLE');
      }
    },

    /**
     * Places one order of several lines for the caller, all or nothing (lines-placement.ts):
     * checkout's order. Answers its JSON; a refusal names every offending line.
     */
    placeLines: async (caller: Caller, input: PlaceLinesInput): Promise<string> =>
      placeLines({ ...deps, buyerTerms }, caller, input, decideTax(caller, input.destination ?? null)),

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
      const filtered = filter.status !== undefined || filter.q !== undefined;
      const { body, page } = await pagedList(
        query,
        {
          cursors,
          scope: `orders|${JSON.stringify([filter.status ?? null, filter.q ?? null])}`,
          keyPatterns: ORDER_KEY_PATTERNS,
          page: async (limit, after) => {
            const found = await repository.pageJson(filter, limit, after);
            return { body: found.json, nextKey: found.nextKey };
          },
          count: () => repository.count(filter),
        },
        { whole: filtered ? undefined : () => repository.listAllJson() },
      );
      return { json: body, ...(page && { page }) };
    },

    /** The CSV export's rows for the list's filters, read in batches. */
    exportRows: (query: Pick<OrdersQuery, 'status' | 'q'>): AsyncGenerator<OrderExportRow> =>
      repository.exportRows({ status: query.status, q: query.q || undefined }),

    /** One order, for its owner, an admin, or a member of its company (read-only, issue 30). */
    async get(caller: Caller, id: string): Promise<string> {
      const order = await repository.get(id);
      if (!order) throw notFound('Order');
      await assertReader(caller, order.email, () => repository.readableByCompanyMember(id, caller.userId));
      return order.json;
    },

    /** Whether the account may read the order as a member of its company (issue 30). */
    readableByCompanyMember: (orderId: string, userId: string): Promise<boolean> =>
      repository.readableByCompanyMember(orderId, userId),

    /**
     * A company's orders (issue 30, `GET /api/company/orders`), newest first: the whole list, or
     * with `limit` one page and its paging facts.
     */
    async listCompany(
      companyId: string,
      query: PageQuery,
    ): Promise<{ json: string; page?: { total: number; nextCursor: string | null } }> {
      const filter: OrdersFilter = { companyId };
      const { body, page } = await pagedList(query, {
        cursors,
        scope: `company-orders|${companyId}`,
        keyPatterns: ORDER_KEY_PATTERNS,
        page: async (limit, after) => {
          const found = await repository.pageJson(filter, limit, after);
          return { body: found.json, nextKey: found.nextKey };
        },
        count: () => repository.count(filter),
      });
      return { json: body, ...(page && { page }) };
    },

    /** Cancels an unpaid order (its owner or an admin); its units go back to stock. Never a refunded one. */
    async cancel(caller: Caller, id: string): Promise<Order> {
      const order = await orderFor(caller, id, 'admin-allowed');
      // Issue 30: an on-account order was invoiced when placed; its number is never given back.
      if (order.paymentMethod === 'account' && !order.paidAt && !order.refundedAt)
        throw conflict('An order on account is invoiced when placed and cannot be deleted', 'ORDER_INVOICED');
      return changedOrThrow(await machine.cancel(order.id), CANCEL_REFUSALS);
    },

    /**
     * Issue 30: the shop records the payment of an on-account order (admin): placed → paid
     * through the machine's `settle`. 409 NOT_ON_ACCOUNT for a card order, ORDER_PAID once paid.
     */
    async recordPayment(id: string, input: { reference: string | null; paidOn: string | null }): Promise<string> {
      const order = await repository.get(id);
      if (!order) throw notFound('Order');
      if (order.paymentMethod !== 'account')
        throw conflict(
          'This order is paid by card: only an order on account has its payment recorded',
          'NOT_ON_ACCOUNT',
        );
      const result = await machine.settle(id, input.reference, input.paidOn);
      if (result.kind === 'missing') throw notFound('Order');
      if (result.kind === 'changed') return result.event.json;
      throw result.state === 'refunded'
        ? conflict('This order has been refunded', 'ORDER_REFUNDED')
        : conflict('This order is already paid', 'ORDER_PAID');
    },

    /** Ships a paid order (admin). */
    ship: async (id: string): Promise<Order> => changedOrThrow(await machine.ship(id), SHIP_REFUSALS),

    /** The facts of an order its owner or an admin may see (invoices draw from them); 404 when there is none. */
    async factsFor(caller: Caller, id: string): Promise<OrderFacts> {
      const found = await repository.facts(id);
      if (!found) throw notFound('Order');
      assertOwner(caller, found.email, 'admin-allowed');
      return found.facts;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
