import { z } from 'zod';

/** Error body every API failure carries: `{ error: { code, message, fields? } }`. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Row ids are UUIDs (PostgreSQL `gen_random_uuid()`); the API keeps Mongo's `_id` name. */
export const id = z.uuid({ message: 'Must be a valid id' });

/** Forms send text: accept a number or a numeric string, reject everything else. */
function numeric(message: string) {
  return z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, message)
        .transform(Number),
    ],
    {
      message,
    },
  );
}

/** A whole number ≥ `min`, given as a number or numeric text. */
export function wholeNumber(label: string, min: number, max = 1_000_000) {
  return numeric(`${label} must be a whole number`).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/** A money amount in dollars: non-negative, at most 2 decimals, given as a number or text. */
export function money(label: string, max = 1_000_000) {
  return numeric(`${label} must be a number`).pipe(
    z
      .number()
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${max}`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`),
  );
}

/**
 * The longest text each free-text field takes, wherever it is written (issue 24): the schemas
 * below and the forms check them; what the server draws from stored text (the invoice PDF, the
 * e-mails, the CSV export) is clipped to them, so a value stored any other way costs no more.
 */
export const TEXT_MAX = {
  /** An account's display name: sign-up, better-auth's update-user, the profile form. */
  accountName: 100,
  email: 254,
  imageLink: 500,
  phone: 40,
  /** An order's delivery address (the profile's address takes 300). */
  address: 500,
  partName: 120,
  partDescription: 2000,
  contactSubject: 200,
  contactMessage: 5000,
  paymentId: 200,
} as const;

/** Required free text, trimmed, with an upper bound so nobody stores megabytes. */
export function text(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Where a picture lives: a path on this site or an https link (PRODUCT.md §2 "Image Link"). */
export const imageLink = text('Image Link', TEXT_MAX.imageLink).refine(
  (v) => /^\/[\w\-./]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v),
  'Image Link must be an https:// link or a path on this site',
);
