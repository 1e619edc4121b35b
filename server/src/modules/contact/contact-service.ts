import type { ContactMessage, ContactQuery } from '@torque/contract';
import type { z } from 'zod';
import type { contactInput } from '@torque/contract';
import { notFound } from '../../lib/errors.ts';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { pagedList, type PageFacts } from '../../lib/paged-list.ts';
import { MESSAGE_KEY_PATTERNS, type ContactRepository } from './contact-repository.ts';

/** The largest inbox page; without `limit` the inbox answers this many, newest first. */
export const INBOX_DEFAULT_LIMIT = 50;

/**
 * The contact form's messages: stored from the landing page, read and handled by admins. A
 * message's mail to the admins is written with it (its outbox row, in one transaction); `wakeMail`
 * asks the mail worker to deliver it once that has committed.
 */
export function createContactService(deps: { repository: ContactRepository; secret: string; wakeMail: () => void }) {
  const { repository } = deps;
  const cursors = createKeysetCodec(deps.secret);
  return {
    async add(message: z.output<typeof contactInput>): Promise<string> {
      const id = await repository.add(message);
      deps.wakeMail();
      return id;
    },

    /** One page of the inbox (newest first; 50 without `limit`) and its paging facts. */
    async list(query: ContactQuery): Promise<{ messages: ContactMessage[]; page: PageFacts }> {
      const { body, page } = await pagedList(
        query,
        {
          cursors,
          scope: `contact|${String(query.handled)}`,
          keyPatterns: MESSAGE_KEY_PATTERNS,
          page: async (limit, after) => {
            const found = await repository.page(query.handled, limit, after);
            return { body: found.messages, nextKey: found.nextKey };
          },
          count: () => repository.count(query.handled),
        },
        { defaultLimit: INBOX_DEFAULT_LIMIT },
      );
      return { messages: body, page };
    },

    async setHandled(id: string, handled: boolean): Promise<ContactMessage> {
      const message = await repository.setHandled(id, handled);
      if (!message) throw notFound('Message');
      return message;
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
