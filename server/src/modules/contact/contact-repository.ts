import type { contactInput } from '@torque/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contactMessages, mailOutbox } from '../../db/schema/index.ts';

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
  };
}
