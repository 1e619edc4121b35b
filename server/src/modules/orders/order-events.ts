import type { FastifyBaseLogger } from 'fastify';
import { ORDER_EVENT_TYPES, type OrderEventType, type OrderState, type StockMove } from './order-states.ts';

/** One change of one order, told to subscribers once, after it committed. */
export interface OrderEvent {
  type: OrderEventType;
  orderId: string;
  /** The state it left (null for a new order). */
  from: OrderState | null;
  /** What the change did to the part's units. */
  stock: StockMove;
  /** The order as the API answers it after the change (as it was, for a cancelled one): the contract's JSON text. */
  json: string;
}

export type AfterCommitListener = (event: OrderEvent) => void;

/**
 * A subscriber that writes in the transition's own statement, so its rows commit with the change
 * or not at all (the transactional outbox, docs/decisions/007). `write(changed)` answers one or
 * more data-modifying CTEs (`name as (…)`, names prefixed with the subscriber's) over `changed`,
 * a relation with the columns of `orders` after the change, one row per changed order, and
 * `lines`, the relation their lines are read from (`order_lines`, or the placing statement's CTE).
 */
export interface InStatementWriter {
  /** Names it in errors; its CTE names start with it. */
  name: string;
  write(changed: string, lines: string): string;
  /**
   * Issue 30: for an order placed and then changed in the same transaction before it commits
   * (placed on account: its terms, due date and PO are set by the next statement), CTEs over
   * `changed` (the order after that change) bringing this writer's rows of the placing up to
   * date, so they tell what commits. Absent: the rows stand as written.
   */
  amend?(changed: string): string;
}

/**
 * Gives an order its document number as it becomes paid, in the paying statement (invoices
 * registers one). `nextNumber(eligible)` is the body of a CTE answering one row with a `number`
 * column for the one row of `eligible` (the order about to be paid, locked), and none otherwise;
 * the transition stores it in `orders.invoice_number`.
 */
export interface PaidOrderNumbering {
  nextNumber(eligible: string): string;
}

/**
 * The order machine's events (an in-process, typed emitter), in two kinds:
 * - in-statement writers (`writeWith`): SQL the transition's single statement carries, for rows
 *   that must exist exactly when the change does (the mail outbox, the payment record, the invoice
 *   number). Statements are prepared once per connection under fixed names, so their text is fixed
 *   the first time a transition runs: registering a writer after that throws.
 * - after-commit listeners (`on`): plain functions called once per changed order after the commit
 *   (metrics, cache invalidation, waking the outbox worker). A listener that throws is logged and
 *   never undoes or fails the change.
 * Subscribers register when their plugin starts.
 */
export function createOrderEvents(log: FastifyBaseLogger) {
  const listeners = new Map<OrderEventType, AfterCommitListener[]>(ORDER_EVENT_TYPES.map((t) => [t, []]));
  const writers = new Map<OrderEventType, InStatementWriter[]>(ORDER_EVENT_TYPES.map((t) => [t, []]));
  let numbering: PaidOrderNumbering | null = null;
  let sealed = false;

  function assertOpen(what: string): void {
    if (sealed) throw new Error(`${what} registered after the first order transition ran: register it at plugin start`);
  }

  return {
    /** Calls `listener` after every committed change of the given type(s). */
    on(types: OrderEventType | readonly OrderEventType[], listener: AfterCommitListener): void {
      for (const type of [types].flat()) listeners.get(type)!.push(listener);
    },

    /** Adds `writer`'s CTEs to the statement of every transition that emits `type`. */
    writeWith(type: OrderEventType, writer: InStatementWriter): void {
      assertOpen(`the in-statement writer ${writer.name}`);
      if (!/^[a-z][a-z0-9_]*$/.test(writer.name)) throw new Error(`writer name ${writer.name}: lower-case SQL name`);
      const registered = writers.get(type)!;
      if (registered.some((w) => w.name === writer.name)) throw new Error(`writer ${writer.name} twice on ${type}`);
      registered.push(writer);
    },

    /** The one numbering of paid orders. */
    numberPaidWith(numberer: PaidOrderNumbering): void {
      assertOpen('the paid-order numbering');
      if (numbering) throw new Error('paid orders already have a numbering');
      numbering = numberer;
    },

    /**
     * What the statements carry for `type`: the writers' CTEs over `changed` (and its `lines`), each preceded by a
     * comma (to follow the change's own CTE). Seals the registrations.
     */
    writersSql(type: OrderEventType, changed: string, lines = 'order_lines'): string {
      sealed = true;
      return writers
        .get(type)!
        .map((w) => `, ${w.write(changed, lines)}`)
        .join('');
    },

    /** The writers' amending CTEs (`amend`) for `type` over `changed`, each preceded by a comma. Seals the registrations. */
    amendersSql(type: OrderEventType, changed: string): string {
      sealed = true;
      return writers
        .get(type)!
        .flatMap((w) => (w.amend ? [`, ${w.amend(changed)}`] : []))
        .join('');
    },

    /** The numbering of paid orders, if one is registered. Seals the registrations. */
    numbering(): PaidOrderNumbering | null {
      sealed = true;
      return numbering;
    },

    /** Tells every after-commit listener of `event`'s type; call only once the change committed. */
    emit(event: OrderEvent): void {
      for (const listener of listeners.get(event.type)!) {
        try {
          listener(event);
        } catch (err) {
          log.error({ err, event: event.type, orderId: event.orderId }, 'order event listener failed');
        }
      }
    },
  };
}
export type OrderEvents = ReturnType<typeof createOrderEvents>;
