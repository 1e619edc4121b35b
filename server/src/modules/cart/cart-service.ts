import {
  CART_LINES_MAX,
  CART_QUANTITY_MAX,
  orderMessages,
  quantityRefusal,
  unitPriceFor,
  type Cart,
  type CartInput,
  type CartLine,
  type CartLineProblem,
  type MatchedBy,
  type QuickOrderResult,
  type ReorderResult,
} from '@torque/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { formatCents, toDollars } from '../../lib/money.ts';
import type { Caller } from '../../plugins/access.ts';
import type { CartPart, CartRepository, CartRow, PricedLine, StoredLine, WeighedLine } from './cart-repository.ts';
import { QuickOrderRefused, readQuickOrder } from './quick-order-text.ts';
import { termsOfPart } from '../price-lists/buyer-prices.ts';
import { NO_TERMS, type BuyerTerms } from '../price-lists/price-lists-repository.ts';

/**
 * What the cart asks of the catalogue: the part a number names, exactly as
 * `GET /api/parts/by-number/:number` finds it (the catalogue's cross-reference service answers).
 */
export interface PartNumberLookup {
  byNumber(number: string): Promise<
    | { found: 'part'; part: { _id: string; partNumber: string; brand: string; matchedBy?: MatchedBy } }
    | {
        found: 'superseded';
        superseded: { _id: string; partNumber: string; replacedBy: { _id: string; partNumber: string } };
      }
    | { found: 'none' }
  >;
}

/** One line of a placed order, as "Order again" needs it. */
export interface PastOrderLine {
  /** Null once the part was deleted. */
  partId: string | null;
  partNumber: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** What the cart asks of the orders module: an order's lines, for its owner only. */
export interface PastOrders {
  /** The order's lines if `caller` owns it; null when there is no such order or it is another's. */
  linesOf(caller: Caller, orderId: string): Promise<PastOrderLine[] | null>;
}

/** A line for checkout: the part and how many (the cart's stored line), with the part's list price and breaks now. */
export type CheckoutLine = PricedLine;

/** Lines of the same part become one, their quantities added (at most CART_QUANTITY_MAX), in first-seen order. */
function merged(lines: readonly StoredLine[]): StoredLine[] {
  const byPart = new Map<string, number>();
  for (const { partId, quantity } of lines) byPart.set(partId, (byPart.get(partId) ?? 0) + quantity);
  return [...byPart].map(([partId, quantity]) => ({ partId, quantity: Math.min(quantity, CART_QUANTITY_MAX) }));
}

/** What stops the line from being checked out as it is, or null. */
export function problemOf(
  row: Pick<CartRow, 'quantity' | 'available' | 'minimumOrder' | 'successor'>,
): CartLineProblem | null {
  if (row.successor)
    return {
      code: 'SUPERSEDED',
      message: `This part is replaced by ${row.successor.partNumber}`,
      successor: row.successor,
    };
  const refusal = quantityRefusal(row.quantity, { minimunOrder: row.minimumOrder, available: row.available });
  if (!refusal) return null;
  if (refusal.code === 'STOCK_OUT') return { code: 'UNAVAILABLE', message: orderMessages.stockOut };
  return { code: refusal.code, message: refusal.message };
}

/** What the cart asks of the price lists: the buyer's lists for these parts (price-lists module). */
export type BuyerTermsOf = (userId: string, partIds: readonly string[]) => Promise<BuyerTerms>;

/**
 * Today's unit price of `quantity` units for this buyer: THE pricing function, with the part's
 * quantity breaks and the buyer's price lists (PRODUCT.md §25).
 */
const unitPriceOf = (
  part: Pick<CartPart, 'partId' | 'priceCents' | 'priceBreaks'>,
  quantity: number,
  terms: BuyerTerms,
  at: Date,
) =>
  unitPriceFor(
    { listPriceCents: part.priceCents, priceBreaks: part.priceBreaks, priceLists: termsOfPart(terms, part.partId) },
    quantity,
    at,
  );

function cartOf(rows: readonly CartRow[], terms: BuyerTerms, at: Date): Cart {
  let units = 0;
  let totalCents = 0;
  const lines: CartLine[] = rows.map((row) => {
    const unit = unitPriceOf(row, row.quantity, terms, at);
    const unitCents = unit.unitCents;
    units += row.quantity;
    totalCents += unitCents * row.quantity;
    return {
      partId: row.partId,
      partNumber: row.partNumber,
      brand: row.brand,
      name: row.name,
      img: row.img,
      quantity: row.quantity,
      unitPrice: toDollars(unitCents),
      ...(unitCents < unit.publicUnitCents && { publicUnitPrice: toDollars(unit.publicUnitCents) }),
      total: toDollars(unitCents * row.quantity),
      minimunOrder: row.minimumOrder,
      available: row.available,
      problem: problemOf(row),
    };
  });
  return {
    lines,
    quantity: units,
    total: toDollars(totalCents),
    ready: lines.length > 0 && lines.every((l) => l.problem === null),
  };
}

const cartFull = () =>
  conflict(`A cart holds at most ${CART_LINES_MAX} lines: check out or remove some first`, 'CART_FULL');

/**
 * The cart (issue 27, PRODUCT.md §18): each signed-in account's own, kept by the server. Prices
 * are today's, from the one pricing function; a line's problems are the quantity rules' and the
 * catalogue's (stock out, replaced), shown on the line, never silently fixed.
 */
export function createCartService(deps: {
  repository: CartRepository;
  numbers: PartNumberLookup;
  orders: PastOrders;
  /** The buyer's price lists; absent: none (list prices and public tiers only). */
  buyerTerms?: BuyerTermsOf;
}) {
  const { repository: repo, numbers, orders } = deps;
  const termsOf = (userId: string, partIds: readonly string[]): Promise<BuyerTerms> =>
    deps.buyerTerms && partIds.length > 0 ? deps.buyerTerms(userId, partIds) : Promise.resolve(NO_TERMS);

  const view = async (userId: string): Promise<Cart> => {
    const rows = await repo.lines(userId);
    return cartOf(
      rows,
      await termsOf(
        userId,
        rows.map((r) => r.partId),
      ),
      new Date(),
    );
  };

  /** The 400 for lines naming parts that do not exist: a field per line (`lines.2.partId`). */
  function unknownParts(lines: readonly StoredLine[], missing: Set<string>) {
    const fields: Record<string, string> = {};
    lines.forEach((l, i) => {
      if (missing.has(l.partId)) fields[`lines.${i}.partId`] = `No part with id ${l.partId}`;
    });
    const first = Object.keys(fields)[0] ?? 'lines';
    return badRequest(`Line ${Number(first.split('.')[1] ?? 0) + 1} names a part that does not exist`, fields);
  }

  /**
   * Adds `lines` in one statement (quantities added to lines already there), or nothing: 400 when
   * a part does not exist (`fields` name its lines), 409 CART_FULL past CART_LINES_MAX lines. A refusal is read after the fact; if the cart changed so
   * that it would pass now, it tries once more.
   */
  async function addLines(userId: string, lines: readonly StoredLine[]): Promise<void> {
    const distinct = merged(lines);
    if (distinct.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      if ((await repo.add(userId, distinct)) === 'added') return;
      const missing = await repo.missingParts(distinct.map((l) => l.partId));
      if (missing.size > 0) throw unknownParts(lines, missing);
      if (attempt === 2) throw cartFull();
    }
  }

  return {
    /** `GET /api/cart`. */
    get: (caller: Caller): Promise<Cart> => view(caller.userId),

    /** `PUT /api/cart`: the cart becomes exactly these lines (the same part twice: one line, quantities added). */
    async replace(caller: Caller, input: CartInput): Promise<Cart> {
      const lines = input.lines as StoredLine[];
      const distinct = merged(lines);
      if (!(await repo.replace(caller.userId, distinct)))
        throw unknownParts(lines, await repo.missingParts(distinct.map((l) => l.partId)));
      return view(caller.userId);
    },

    /** `POST /api/cart/lines`: "Add to cart" and the sign-in merge of a visitor's cart. */
    async add(caller: Caller, input: CartInput): Promise<Cart> {
      await addLines(caller.userId, input.lines as StoredLine[]);
      return view(caller.userId);
    },

    /** `POST /api/cart/quick-order`: lines of `part number, quantity`, each found by number. */
    async quickOrder(caller: Caller, text: string): Promise<QuickOrderResult> {
      let read;
      try {
        read = readQuickOrder(text);
      } catch (error) {
        if (error instanceof QuickOrderRefused) throw badRequest(error.message);
        throw error;
      }
      const errors = [...read.errors];
      const found = await findNumbers(read.lines.map((l) => l.number));
      const added: Omit<QuickOrderResult['added'][number], 'problem'>[] = [];
      const entryOf = new Map<string, (typeof added)[number]>();
      for (const line of read.lines) {
        const match = found.get(line.number);
        if (!match) {
          errors.push({ line: line.line, message: `No part with number ${line.number}` });
          continue;
        }
        // The same part on several lines: one cart line, the quantities added, reported on the first.
        const entry = entryOf.get(match.partId);
        if (entry) entry.quantity = Math.min(entry.quantity + line.quantity, CART_QUANTITY_MAX);
        else {
          const created = { line: line.line, quantity: line.quantity, ...match };
          entryOf.set(match.partId, created);
          added.push(created);
        }
      }
      await addLines(caller.userId, added);
      const cart = await view(caller.userId);
      const problems = new Map(cart.lines.map((l) => [l.partId, l.problem]));
      return {
        added: added.map((a) => ({ ...a, problem: problems.get(a.partId) ?? null })),
        errors: errors.sort((a, b) => a.line - b.line),
        cart,
      };
    },

    /**
     * `POST /api/orders/:id/reorder`: the order's lines at the order's quantities, priced today,
     * added to the caller's cart; what changed since is reported per line. A deleted part is not
     * added; a replaced one is, as its successor.
     */
    async reorder(caller: Caller, orderId: string): Promise<ReorderResult> {
      const past = await orders.linesOf(caller, orderId);
      if (!past) throw notFound('Order');
      const parts = await repo.parts(past.flatMap((l) => (l.partId ? [l.partId] : [])));
      const terms = await termsOf(caller.userId, [...parts.keys()]);
      const at = new Date();
      const toAdd: StoredLine[] = [];
      const changes: ReorderResult['changes'] = [];
      for (const line of past) {
        const part = line.partId ? parts.get(line.partId) : undefined;
        const said = { partId: part?.partId ?? null, partNumber: part?.partNumber ?? line.partNumber, name: line.name };
        if (!part) {
          changes.push({ ...said, code: 'UNAVAILABLE', message: 'This part is no longer sold' });
          continue;
        }
        if (part.successor) {
          toAdd.push({ partId: part.successor._id, quantity: line.quantity });
          changes.push({
            ...said,
            code: 'REPLACED',
            message: `Replaced by ${part.successor.partNumber}, added instead`,
            successor: part.successor,
          });
          continue;
        }
        toAdd.push({ partId: part.partId, quantity: line.quantity });
        if (part.available <= 0) changes.push({ ...said, code: 'UNAVAILABLE', message: orderMessages.stockOut });
        const today = unitPriceOf(part, line.quantity, terms, at).unitCents;
        if (today !== line.unitPriceCents)
          changes.push({
            ...said,
            code: 'PRICE_CHANGED',
            message: `The price changed from ${formatCents(line.unitPriceCents)} to ${formatCents(today)}`,
            before: toDollars(line.unitPriceCents),
            after: toDollars(today),
          });
      }
      await addLines(caller.userId, toAdd);
      return { cart: await view(caller.userId), changes };
    },

    /** For shipping (issue 28): the lines with their parts' list price, weight and hazardous flag. */
    weighedLinesOf: (userId: string): Promise<WeighedLine[]> => repo.weighedLines(userId),

    /** For checkout: the caller's lines as stored, in the order they were added. */
    linesOf: (userId: string): Promise<CheckoutLine[]> => repo.storedLines(userId),

    /** For checkout: removes the ordered lines whose quantity is unchanged; a line changed meanwhile stays. */
    removeOrdered: (userId: string, lines: readonly CheckoutLine[]): Promise<void> => repo.removeExactly(userId, lines),
  };

  /**
   * Each distinct number's part, as the by-number lookup finds it: a discontinued part that names a
   * successor stands for the successor, reported as matched by a replaced number.
   */
  async function findNumbers(
    list: readonly string[],
  ): Promise<Map<string, { partId: string; partNumber: string; matchedBy: MatchedBy }>> {
    const distinct = [...new Set(list)];
    const answers = new Map<string, Awaited<ReturnType<PartNumberLookup['byNumber']>>>();
    // A few at a time: each is two indexed reads, and the pool is shared with every other request.
    for (let i = 0; i < distinct.length; i += 4) {
      const batch = distinct.slice(i, i + 4);
      const found = await Promise.all(batch.map((n) => numbers.byNumber(n)));
      batch.forEach((n, j) => answers.set(n, found[j]!));
    }
    // The replaced parts' brand and successor, which the lookup's answers do not all carry.
    const replacedIds = [...answers.values()].flatMap((a) =>
      a.found === 'superseded' ? [a.superseded._id] : a.found === 'part' ? [a.part._id] : [],
    );
    const parts = await repo.parts(replacedIds);
    const out = new Map<string, { partId: string; partNumber: string; matchedBy: MatchedBy }>();
    for (const [number, answer] of answers) {
      if (answer.found === 'none') continue;
      const id = answer.found === 'part' ? answer.part._id : answer.superseded._id;
      const part = parts.get(id);
      if (!part) continue;
      if (part.successor)
        out.set(number, {
          partId: part.successor._id,
          partNumber: part.successor.partNumber,
          matchedBy: { kind: 'replaces', brand: part.brand, number: part.partNumber },
        });
      else if (answer.found === 'part')
        out.set(number, {
          partId: part.partId,
          partNumber: part.partNumber,
          matchedBy: answer.part.matchedBy ?? { kind: 'number', brand: part.brand, number: part.partNumber },
        });
    }
    return out;
  }
}
export type CartService = ReturnType<typeof createCartService>;
