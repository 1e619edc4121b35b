import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContactMessage, contactInput } from '@torque/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contactMessages, mailOutbox } from '../../db/schema/index.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';

type MessageRow = typeof contactMessages.$inferSelect;

function toMessage(row: MessageRow): ContactMessage {
  return {
    _id: row.id,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handled: row.handledAt !== null,
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/** The inbox's order, newest first, and its keyset (index contact_messages_created_at_id). */
const MESSAGE_KEY: KeyColumn[] = [
  { expr: sql`${contactMessages.createdAt}`, type: 'timestamptz', desc: true },
  { expr: sql`${contactMessages.id}`, type: 'uuid', desc: true },
];
export const MESSAGE_KEY_PATTERNS = [KEY_PATTERNS.timestamp, KEY_PATTERNS.uuid];

const handledCondition = (handled: boolean | undefined): SQL | undefined =>
  handled === undefined
    ? undefined
    : handled
      ? isNotNull(contactMessages.handledAt)
      : isNull(contactMessages.handledAt);

/** `adminEmails`: who the contact e-mail goes to (ADMIN_EMAILS); none, and it is only stored. */
export function createContactRepository(db: Db, adminEmails: readonly string[] = []) {
  return {
    /** Stores a message for the team, and its e-mail to the admins in the same transaction; answers its id. */
    async add(message: z.output<typeof contactInput>): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
        if (adminEmails.length > 0) {
          await tx.insert(mailOutbox).values({
            template: 'contact-message',
            recipient: adminEmails.join(', '),
            payload: { email: message.email, subject: message.subject, message: message.message },
          });
        }
        return row!.id;
      });
    },

    /** One page of the inbox, newest first, and the key of its last message when more follow. */
    async page(
      handled: boolean | undefined,
      limit: number,
      after: string[] | undefined,
    ): Promise<{ messages: ContactMessage[]; nextKey: string[] | null }> {
      const rows = await db
        .select({ row: contactMessages, k0: sql<string>`(${contactMessages.createdAt})::text`, k1: contactMessages.id })
        .from(contactMessages)
        .where(and(handledCondition(handled), after && keysetAfter(MESSAGE_KEY, after)))
        .orderBy(keysetOrder(MESSAGE_KEY))
        .limit(limit + 1);
      const { shown, nextKey } = splitPage(rows, limit, (last) => [last.k0, last.k1]);
      return { messages: shown.map((r) => toMessage(r.row)), nextKey };
    },

    async count(handled: boolean | undefined): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contactMessages)
        .where(handledCondition(handled));
      return Number(row?.n ?? 0);
    },

    /**
     * Marks a message handled (keeping the first time it was) or open again; undefined when
     * there is no such message.
     */
    async setHandled(id: string, handled: boolean): Promise<ContactMessage | undefined> {
      const [row] = await db
        .update(contactMessages)
        .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
        .where(eq(contactMessages.id, id))
        .returning();
      return row && toMessage(row);
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
