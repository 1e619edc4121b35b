import type { OrderEvents } from '../orders/order-events.ts';
import type { OrderEventType } from '../orders/order-states.ts';
import { amendOrderMail, enqueueOrderMail } from './outbox-sql.ts';
import type { MailTemplate } from './templates.ts';

/** The message each order event sends its customer. */
export const ORDER_MAILS: Partial<Record<OrderEventType, MailTemplate>> = {
  placed: 'order-placed',
  paid: 'payment-received',
  shipped: 'order-shipped',
};

/**
 * Mail's subscription to the order machine: each event with a message writes its outbox row in
 * the transition's own statement (the transactional outbox, docs/decisions/007), and once the
 * change has committed the worker is woken to deliver it.
 */
export function subscribeOrderMail(events: OrderEvents, poke: () => void): void {
  for (const [type, template] of Object.entries(ORDER_MAILS) as [OrderEventType, MailTemplate][]) {
    events.writeWith(type, {
      name: 'mailed',
      write: (changed, lines) => `mailed as (${enqueueOrderMail(template, changed, lines)})`,
      amend: (changed) => `mailed_amended as (${amendOrderMail(template, changed)})`,
    });
  }
  events.on(Object.keys(ORDER_MAILS) as OrderEventType[], poke);
}
