import { z } from 'zod';
import { text } from './common.ts';

export const contactInput = z.object({
  email: z.email({ message: 'Enter a valid email address' }).max(254),
  subject: text('Subject', 200),
  message: text('Message', 5000),
});
export type ContactInput = z.input<typeof contactInput>;

export const contactReceipt = z.object({ _id: z.string(), received: z.literal(true) });
