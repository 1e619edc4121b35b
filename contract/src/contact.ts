import { z } from 'zod';
import { id, text, TEXT_MAX } from './common.ts';
import { pageQuery } from './paging.ts';

export const contactInput = z.object({
  email: z.email({ message: 'Enter a valid email address' }).max(TEXT_MAX.email),
  subject: text('Subject', TEXT_MAX.contactSubject),
  message: text('Message', TEXT_MAX.contactMessage),
});
export type ContactInput = z.input<typeof contactInput>;

export const contactReceipt = z.object({ _id: z.string(), received: z.literal(true) });

/** A stored message, as the admins' inbox lists it. */
export const contactMessage = z.object({
  _id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** Query of `GET /api/contact` (admin): paging, and `handled=false` for the open ones. */
export const contactQuery = pageQuery.extend({
  handled: z
    .enum(['true', 'false'], { message: 'handled must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe('false: open messages only; true: handled ones only; absent: all.'),
});
export type ContactQuery = z.infer<typeof contactQuery>;

/** Body of `PUT /api/contact/:id` (admin). */
export const contactHandledInput = z.object({ handled: z.boolean({ message: 'handled must be true or false' }) });

export const contactIdParams = z.object({ id });
