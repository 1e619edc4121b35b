import type { contactInput } from '@torque/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export function createContactRepository(db: Db) {
  return {
    /** Stores a message for the team; answers its id. */
    async add(message: z.output<typeof contactInput>): Promise<string> {
      const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
