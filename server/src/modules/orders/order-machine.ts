import type { PriceBreak } from '@torque/contract';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.ts';
import type { TaxAmounts, TaxDecision } from '../../lib/tax-amounts.ts';
import { inTransaction, preparedQuery, type TransactionQuery } from '../../lib/prepared-query.ts';
import type { OrderEvent, OrderEvents } from './order-events.ts';
import { orderStatements, type OrderStatements, type TransitionRow } from './order-statements.ts';
import { stockMoveOf, TRANSITIONS, type OrderState, type TransitionName } from './order-states.ts';

/** Stripe's ceiling for one charge; beyond it an order could never be paid (nor fit its column). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** What a transition of one order did: changed it (and told the subscribers), or found it in a state it may not start from. */
export type TransitionResult =
  | { kind: 'changed'; event: OrderEvent }
  | { kind: 'refused'; state: OrderState; paymentId: string | null; json: string }
  | { kind: 'missing' };

export interface PlaceValues {
  partId: string;
  quantity: number;
  /** The unit price (the pricing function's), from the part's `listPriceCents` and `priceBreaks`, compared when placing. */
  unitPriceCents: number;
  listPriceCents: number;
  priceBreaks: readonly PriceBreak[];
  /** Issue 30: the public unit price for the quantity (from `listPriceCents` and `priceBreaks`), kept on the line (absent: null). */
  publicUnitPriceCents?: number | undefined;
  /** Issue 30: the stamp of the buyer's price lists the unit price was computed with ('' for none); compared when placing. */
  priceListsStamp?: string | undefined;
  userId: string;
  email: string;
  phone: string;
  address: string;
  /** Issue 29: the order's tax decision (rate, note, tax numbers); absent: none. */
  tax?: TaxDecision | undefined;
}

/** One line to place: a part, its units, and the unit price the pricing function gave from `listPriceCents` and `priceBreaks`. */
export interface LineToPlace {
  partId: string;
  quantity: number;
  unitPriceCents: number;
  /** The part's price the unit price was computed from; the statement places nothing if it changed since. */
  listPriceCents: number;
  /** The part's quantity breaks it was computed from (issue 30): likewise compared. */
  priceBreaks: readonly PriceBreak[];
  /** Issue 30: the public unit price for the quantity (from the two above), kept on the line (absent: null). */
  publicUnitPriceCents?: number | undefined;
}

/** The shipping line of an order (issue 28): its method, price in cents and the parcel's grams. */
export interface ShippingLine {
  methodId: string;
  name: string;
  cents: number;
  weightGrams: number;
}

export interface PlaceLinesValues extends Omit<
  PlaceValues,
  'partId' | 'quantity' | 'tax' | 'unitPriceCents' | 'listPriceCents' | 'priceBreaks' | 'publicUnitPriceCents'
> {
  /** Issue 29: the decision and the amounts computed from these lines (lib/tax-amounts.ts). */
  tax?: { decision: TaxDecision; amounts: TaxAmounts } | undefined;
  /** Distinct parts, in the order the lines are numbered. */
  lines: readonly LineToPlace[];
  /** Copies of the addresses (the contract's postalAddress), kept with the order; absent: null. */
  shippingAddress?: object | undefined;
  billingAddress?: object | undefined;
  shipping?: ShippingLine | undefined;
}

/** A locked part as the refused placement read it: what explains the refusal. */
export interface PartFacts {
  partId: string;
  available: number;
  minimunOrder: number;
  priceCents: number;
  /** Its quantity breaks as the statement read them. */
  priceBreaks: PriceBreak[];
  /** It has a successor (`replaced_by`). */
  replaced: boolean;
}

/** What placing several lines did: the order, or (nothing placed) the parts as they were and the account's unpaid units. */
export type PlaceLinesResult =
  | { kind: 'placed'; event: OrderEvent }
  | { kind: 'refused'; parts: PartFacts[]; unpaidUnits: number; priceListsStamp: string };

/** Issue 30: the company's terms an on-account order is placed under. */
export interface AccountTerms {
  companyId: string;
  netDays: number;
  creditLimitCents: number;
  poNumber: string | null;
}

/** What placing on account did: as placing, or (nothing placed) over the credit limit. */
export type PlaceOnAccountResult = PlaceLinesResult | { kind: 'over-limit'; openCents: number; totalCents: number };

/** Thrown inside the placing transaction to roll it back when the order would pass the credit limit. */
class OverCreditLimit extends Error {
  readonly openCents: number;
  readonly totalCents: number;
  constructor(openCents: number, totalCents: number) {
    super('over the credit limit');
    this.openCents = openCents;
    this.totalCents = totalCents;
  }
}

interface PlaceLinesRow {
  id: string;
  json: string;
}

interface PlaceLinesFactsRow {
  facts: string | null;
  unpaidUnits: number;
  priceListsStamp: string | null;
}

/** SQLSTATE of the placing statement's refusal (migration 0024, `placing_allowed`): it placed nothing. */
const PLACING_REFUSED = '99P27';

const isPlacingRefusal = (error: unknown) => (error as { code?: unknown } | null)?.code === PLACING_REFUSED;

/**
 * The order state machine (order-states.ts): one function per transition, each running one
 * statement (order-statements.ts) and, when it changed an order, emitting exactly one event per
 * changed order after the commit. Nothing else in the server writes an order's state.
 */
export function createOrderMachine(deps: {
  db: Db;
  events: OrderEvents;
  holdMinutes: number;
  maxUnpaidUnits: number;
  /** PLACING_CONCURRENCY: placing statements this instance runs at once (the rest wait their turn). */
  placingConcurrency: number;
}) {
  const { db, events } = deps;
  /**
   * Placing takes its parts' row locks and holds them until it commits. When many checkouts want
   * the same parts (one hot set), every one of them sent to PostgreSQL at once queues on those
   * rows there: the waiters wake, re-read the rows' new versions and queue again, which cost the
   * database about as much CPU again as the placing itself, and PostgreSQL's lock queue is not
   * first come, first served, so the unlucky ones waited longest (docs/PERFORMANCE.md, Checkout).
   * A few at a time from each instance, the others waiting here in arrival order, keeps the
   * database's work to the placing and the wait fair. Only the placing statement (or the
   * on-account transaction) takes a turn: the reads before it and the mail after it do not.
   */
  const placingTurn = pLimit(deps.placingConcurrency);
  /** A placing statement on the pool, in its turn. */
  const placingQuery: TransactionQuery = (name, text, values) =>
    placingTurn(() => preparedQuery(db, name, text, values));
  // Composed on first use, once every plugin has registered its writers (order-events.ts).
  let composed: OrderStatements | undefined;
  const statement = (key: keyof OrderStatements) => (composed ??= orderStatements(events))[key];

  function emit(name: TransitionName, row: { id: string; json: string }, from: OrderState | null): OrderEvent {
    const event: OrderEvent = {
      type: TRANSITIONS[name].event,
      orderId: row.id,
      from,
      stock: stockMoveOf(name, from),
      json: row.json,
    };
    events.emit(event);
    return event;
  }

  /** Runs the single-order transition `name` (statement `key`) and tells what it did. */
  async function transition(
    name: TransitionName,
    key: Exclude<
      keyof OrderStatements,
      'place' | 'placeLines' | 'placeLinesFacts' | 'expireDue' | 'accountLock' | 'onAccount'
    >,
    values: unknown[],
  ): Promise<TransitionResult> {
    const [row] = await preparedQuery<TransitionRow>(db, `order_${key}`, statement(key), values);
    if (!row) return { kind: 'missing' };
    if (!row.changed) return { kind: 'refused', state: row.state, paymentId: row.paymentId, json: row.json };
    return { kind: 'changed', event: emit(name, row, row.state) };
  }

  /**
   * Runs the placing statement of several lines (`placeLines`) through `query` (the pool, or the
   * on-account transaction) with the hold `holdMinutes` (0 on account: no expiry). A refusal is
   * the statement's error 99P27 (it rolled itself back; in a transaction, the transaction too).
   */
  async function runPlaceLines(query: TransactionQuery, values: PlaceLinesValues, holdMinutes: number) {
    const [row] = await query<PlaceLinesRow>('order_place_lines', statement('placeLines'), [
      values.lines.map((l) => l.partId),
      values.lines.map((l) => l.quantity),
      values.lines.map((l) => l.unitPriceCents),
      values.lines.map((l) => l.listPriceCents),
      values.userId,
      values.email,
      values.phone,
      values.address,
      MAX_ORDER_TOTAL_CENTS,
      holdMinutes,
      deps.maxUnpaidUnits,
      values.shippingAddress ? JSON.stringify(values.shippingAddress) : null,
      values.billingAddress ? JSON.stringify(values.billingAddress) : null,
      values.shipping?.methodId ?? null,
      values.shipping?.name ?? null,
      values.shipping?.cents ?? null,
      values.shipping?.weightGrams ?? null,
      values.tax?.amounts.taxCents ?? 0,
      JSON.stringify(values.tax?.amounts.lines ?? []),
      values.tax?.decision.note ?? null,
      values.tax?.decision.buyerTaxId ?? null,
      values.tax?.decision.sellerTaxId ?? null,
      values.tax?.decision.country ?? null,
      values.tax?.decision.region ?? null,
      JSON.stringify(values.lines.map((l) => l.priceBreaks)),
      values.priceListsStamp ?? '',
      values.lines.map((l) => l.publicUnitPriceCents ?? null),
    ]);
    if (!row) throw new Error('the placing statement answered no row');
    return row;
  }

  /** Why a placing was refused: the parts, the account's unpaid units and its price lists' stamp as they are now. */
  async function refusedPlacing(values: PlaceLinesValues): Promise<PlaceLinesResult> {
    const [row] = await preparedQuery<PlaceLinesFactsRow>(db, 'order_place_lines_facts', statement('placeLinesFacts'), [
      values.lines.map((l) => l.partId),
      values.userId,
    ]);
    return {
      kind: 'refused',
      parts: JSON.parse(row?.facts ?? '[]') as PartFacts[],
      unpaidUnits: Number(row?.unpaidUnits ?? 0),
      priceListsStamp: row?.priceListsStamp ?? '',
    };
  }

  return {
    /** This instance's placing turns now: running, and waiting for one (the metrics' gauges). */
    placingTurns: () => ({ active: placingTurn.activeCount, waiting: placingTurn.pendingCount }),

    /** Places an order, taking its units; undefined when the part's guard let nothing through (orders-service says why). */
    async place(values: PlaceValues): Promise<OrderEvent | undefined> {
      const [row] = await placingQuery<{ id: string; json: string }>('order_place', statement('place'), [
        values.partId,
        values.quantity,
        values.userId,
        values.email,
        values.phone,
        values.address,
        MAX_ORDER_TOTAL_CENTS,
        deps.holdMinutes,
        deps.maxUnpaidUnits,
        values.tax?.rateMilli ?? 0,
        values.tax?.note ?? null,
        values.tax?.buyerTaxId ?? null,
        values.tax?.sellerTaxId ?? null,
        values.tax?.country ?? null,
        values.tax?.region ?? null,
        values.unitPriceCents,
        values.listPriceCents,
        JSON.stringify(values.priceBreaks),
        values.priceListsStamp ?? '',
        values.publicUnitPriceCents ?? null,
      ]);
      return row && emit('place', row, null);
    },

    /** Places one order of several lines, all or nothing (order-statements.ts `placeLines`). */
    async placeLines(values: PlaceLinesValues): Promise<PlaceLinesResult> {
      let row: PlaceLinesRow;
      try {
        row = await runPlaceLines(placingQuery, values, deps.holdMinutes);
      } catch (error) {
        if (isPlacingRefusal(error)) return refusedPlacing(values);
        throw error;
      }
      return { kind: 'placed', event: emit('place', row, null) };
    },

    /**
     * Issue 30: places one order of several lines on the company's account, all or nothing, in one
     * transaction: the company's turn (`accountLock`), the same placing statement without a hold,
     * then `onAccount` (terms, due date, PO, invoice number) within the credit limit. Over the
     * limit the transaction rolls back: nothing placed, stock untouched, no e-mail, no number.
     * The `placed` event is emitted after the commit, with the on-account order's JSON.
     */
    async placeLinesOnAccount(values: PlaceLinesValues, terms: AccountTerms): Promise<PlaceOnAccountResult> {
      let placed: { id: string; json: string } | undefined;
      try {
        await placingTurn(() =>
          inTransaction(db, async (query) => {
            await query('order_account_lock', statement('accountLock'), [terms.companyId]);
            const row = await runPlaceLines(query, values, 0);
            const [account] = await query<{
              id: string | null;
              json: string | null;
              openCents: string;
              totalCents: number;
            }>('order_on_account', statement('onAccount'), [
              row.id,
              terms.companyId,
              terms.creditLimitCents,
              terms.netDays,
              terms.poNumber,
            ]);
            if (!account?.id || !account.json)
              throw new OverCreditLimit(Number(account?.openCents ?? 0), Number(account?.totalCents ?? 0));
            placed = { id: account.id, json: account.json };
          }),
        );
      } catch (error) {
        if (error instanceof OverCreditLimit)
          return { kind: 'over-limit', openCents: error.openCents, totalCents: error.totalCents };
        if (isPlacingRefusal(error)) return refusedPlacing(values);
        throw error;
      }
      return { kind: 'placed', event: emit('place', placed!, null) };
    },

    /** placed → paid for an on-account order whose payment the shop recorded. */
    settle: (id: string, reference: string | null, paidOn: string | null) =>
      transition('settle', 'settle', [id, reference, paidOn]),

    /** placed → paid by `paymentId`. */
    pay: (id: string, paymentId: string) => transition('pay', 'pay', [id, paymentId]),
    /** expired → paid by `paymentId`, taking the units again; refused (still expired) when the part has too few. */
    revive: (id: string, paymentId: string) => transition('revive', 'revive', [id, paymentId]),
    /** paid → shipped. */
    ship: (id: string) => transition('ship', 'ship', [id]),
    /** placed | expired → deleted, the units of a placed order back. */
    cancel: (id: string) => transition('cancel', 'cancel', [id]),
    /** placed → expired for one order whose hold ended while it had the intent `intentId` (cancelled at the provider). */
    expireOne: (id: string, intentId: string) => transition('expire', 'expireOne', [id, intentId]),
    /** expired → refunded: a payment arrived too late and is given back. */
    refundLate: (id: string, paymentId: string) => transition('refundLate', 'refundLate', [id, paymentId]),
    /** paid → refunded in full, the units back. */
    refund: (id: string) => transition('refund', 'refund', [id]),

    /** placed → expired for at most `limit` orders without a payment intent whose hold ended. */
    async expireDue(limit: number): Promise<OrderEvent[]> {
      const rows = await preparedQuery<{ id: string; json: string }>(db, 'order_expire_due', statement('expireDue'), [
        limit,
      ]);
      return rows.map((row) => emit('expire', row, 'placed'));
    },
  };
}
export type OrderMachine = ReturnType<typeof createOrderMachine>;
