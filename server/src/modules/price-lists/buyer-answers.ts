import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/errors.ts';
import { sendSerialised, type SerialisedBody } from '../../lib/serialised-body.ts';
import { hasValidList, withYourPrice } from './buyer-prices.ts';

type PartJson = { _id: string; price: number; priceBreaks: { minQuantity: number; price: number }[] };

/**
 * Sends a part answer (one part or a list of them), with `yourPrice` and `yourPriceBreaks` on
 * every part when the caller is a signed-in buyer whose company has a price list valid now
 * (PRODUCT.md §25). Anyone else (no bearer token, a token that does not verify, a buyer without
 * a company or without a valid list) gets the shared serialised answer exactly as before: its
 * ETag, 304 and compressed forms. The buyer's lists come from the service's short per-account
 * memory (`shownTermsFor`: no query on a warm page); the answer is never cached by anyone but
 * the buyer (`private`).
 */
export async function sendPartsAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerialisedBody,
): Promise<FastifyReply> {
  if (!request.headers.authorization) return sendSerialised(request, reply, body);
  let userId: string;
  try {
    userId = (await app.verifyAccessToken(request)).userId;
  } catch (error) {
    // A public read: a token that does not verify reads as a visitor's.
    if (error instanceof DomainError) return sendSerialised(request, reply, body);
    throw error;
  }
  const value = JSON.parse(body.json.toString('utf8')) as PartJson | PartJson[];
  const list = Array.isArray(value) ? value : [value];
  const at = new Date();
  const terms = await app.priceLists.shownTermsFor(userId);
  if (!hasValidList(terms, at)) return sendSerialised(request, reply, body);
  const priced = list.map((p) => withYourPrice(p, terms, at));
  return reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'authorization, accept-encoding')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(Array.isArray(value) ? priced : priced[0]));
}
