import { conflict } from '../../lib/errors.ts';

/**
 * An order's life cycle as data: the states, and every transition with the states it may start
 * from, the state it leads to, the event it emits and what it does to the part's stock.
 * `order-machine.ts` runs each transition as one guarded statement whose guard is built from this
 * table (`inState`), so a transition from any other state changes nothing. docs/ARCHITECTURE.md
 * draws it.
 *
 * A state is not stored as such: it follows from the order's timestamps (`paid_at`, `shipped_at`,
 * `expired_at`, `refunded_at`), which also say when each step happened. A cancelled order is
 * deleted, so "cancelled" is where a transition leads, never a state a row is in.
 */
export const ORDER_STATES = ['placed', 'paid', 'shipped', 'expired', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What a change did to the part's units. */
export type StockMove = 'taken' | 'returned' | null;

/** The events, one per change: what subscribers (order-events.ts) listen for. */
export const ORDER_EVENT_TYPES = ['placed', 'paid', 'shipped', 'cancelled', 'expired', 'refunded'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export interface Transition {
  /** The states it may start from (none: it makes a new order). */
  from: readonly OrderState[];
  to: OrderState | 'cancelled';
  event: OrderEventType;
  /** What it does to stock when it starts from a state that holds units (placed). */
  stock: StockMove;
}

export const TRANSITIONS = {
  /** A customer orders: the units are taken from the part in the same statement. */
  place: { from: [], to: 'placed', event: 'placed', stock: 'taken' },
  /** The provider confirmed the payment while the order held its units. */
  pay: { from: ['placed'], to: 'paid', event: 'paid', stock: null },
  /** A payment that succeeded after the hold ended takes the units again, if the part has them. */
  revive: { from: ['expired'], to: 'paid', event: 'paid', stock: 'taken' },
  /** An admin ships a paid order. */
  ship: { from: ['paid'], to: 'shipped', event: 'shipped', stock: null },
  /** The customer or an admin deletes an unpaid order; an expired one gave its units back already. */
  cancel: { from: ['placed', 'expired'], to: 'cancelled', event: 'cancelled', stock: 'returned' },
  /** The hold ended unpaid (ORDER_HOLD_MINUTES): the units go back. */
  expire: { from: ['placed'], to: 'expired', event: 'expired', stock: 'returned' },
  /** A payment arrived after expiry and the units were gone: the order records the refund. */
  refundLate: { from: ['expired'], to: 'refunded', event: 'refunded', stock: null },
  /** The shop refunds a paid, unshipped order in full: the units go back (issue 29 adds the route). */
  refund: { from: ['paid'], to: 'refunded', event: 'refunded', stock: 'returned' },
  /** Issue 30: the shop recorded the payment of an on-account order (invoiced when placed, no hold). */
  settle: { from: ['placed'], to: 'paid', event: 'paid', stock: null },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

/**
 * Each state as a condition on a row of `orders` named `alias`. Exactly one holds for every row
 * (test/order-machine.test.ts checks them against `stateOf`).
 */
const CONDITIONS: Record<OrderState, (o: string) => string> = {
  placed: (o) => `${o}.paid_at is null and ${o}.expired_at is null and ${o}.refunded_at is null`,
  expired: (o) => `${o}.paid_at is null and ${o}.expired_at is not null and ${o}.refunded_at is null`,
  paid: (o) => `${o}.paid_at is not null and ${o}.shipped_at is null and ${o}.refunded_at is null`,
  shipped: (o) => `${o}.shipped_at is not null and ${o}.refunded_at is null`,
  refunded: (o) => `${o}.refunded_at is not null`,
};

/** SQL: the row `alias` is in one of `states`. */
export function inState(states: readonly OrderState[], alias: string): string {
  if (states.length === 0) throw new Error('a guard needs at least one state');
  return `(${states.map((s) => `(${CONDITIONS[s](alias)})`).join(' or ')})`;
}

/** SQL: the guard of a transition on the row `alias`. */
export const guardOf = (name: TransitionName, alias: string): string => inState(TRANSITIONS[name].from, alias);

/** SQL: the state of the row `alias`, as text. */
export const stateSql = (alias: string): string =>
  `case ${ORDER_STATES.map((s) => `when ${CONDITIONS[s](alias)} then '${s}'`).join(' ')} end`;

export interface StateFacts {
  paidAt: Date | string | null;
  shippedAt: Date | string | null;
  expiredAt: Date | string | null;
  refundedAt: Date | string | null;
}

/** The state of an order read from the database (or of its API JSON): the same rules as `stateSql`. */
export function stateOf(order: StateFacts): OrderState {
  if (order.refundedAt) return 'refunded';
  if (order.shippedAt) return 'shipped';
  if (order.paidAt) return 'paid';
  return order.expiredAt ? 'expired' : 'placed';
}

/** Whether `name` may start from `state`. */
export const allows = (name: TransitionName, state: OrderState): boolean =>
  (TRANSITIONS[name].from as readonly OrderState[]).includes(state);

/** What a change from `from` did to stock: only an order that holds units gives them back. */
export function stockMoveOf(name: TransitionName, from: OrderState | null): StockMove {
  const { stock } = TRANSITIONS[name];
  if (stock === 'returned') return from === 'placed' || from === 'paid' ? 'returned' : null;
  return stock;
}

export const orderExpired = () =>
  conflict('This order expired before it was paid, and its units went back to stock', 'ORDER_EXPIRED');

/** A payment can be started only while the order holds its stock: not expired, its pay-by time not passed. */
export function assertPayable(
  order: { paidAt: Date | null; expiredAt: Date | null; payBy: Date | null; paymentMethod?: string },
  now = new Date(),
): void {
  if (order.paidAt) return;
  // Issue 30: an on-account order is invoiced on terms and paid by transfer; the shop records it.
  if (order.paymentMethod === 'account')
    throw conflict('This order is on account: pay its invoice by transfer, the shop records the payment', 'ON_ACCOUNT');
  if (order.expiredAt || (order.payBy && order.payBy <= now)) throw orderExpired();
}
