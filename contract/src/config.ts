import { z } from 'zod';
import { paymentProviderName } from './payments.ts';

/** `GET /api/config`: the public subset of the server's configuration the browser needs. */
export const publicConfig = z.object({
  paymentProvider: paymentProviderName,
  stripePublishableKey: z.string().nullable(),
  googleEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
