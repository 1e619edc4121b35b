import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createExpiringCache } from '../../lib/expiring-cache.ts';
import { DomainError } from '../../lib/errors.ts';
import { sendSerialised, serialise, type SerialisedBody } from '../../lib/serialised-body.ts';
import { hasValidList, nextValidityChange, withYourPrice } from './buyer-prices.ts';
import type { BuyerTerms } from './price-lists-repository.ts';

type PartJson = { _id: string; price: number; priceBreaks: { minQuantity: number; price: number }[] };

/**
 * How long a priced answer is kept. Its key already names everything it was computed from (the
 * shared answer's content hash and the lists' ids and versions), so this only bounds memory held
 * by pages nobody asks for again; a list's validity window opening or closing ends it sooner.
 */
const PRICED_TTL_MS = 60_000;
/** ~10 kB per priced page of 24 parts: ~20 MB at most. */
const PRICED_MAX = 2_000;

/**
 * Part answers (one part or a list of them) for whoever asks: with `yourPrice` and
 * `yourPriceBreaks` on every part when the caller is a signed-in buyer whose company has a price
 * list valid now (PRODUCT.md §25). Anyone else (no bearer token, a token that does not verify, a
 * buyer without a company or without a valid list) gets the shared serialised answer exactly as
 * before. The buyer's lists come from the price-lists service's short per-account memory
 * (`shownTermsFor`: no query on a warm page), and the priced answer is serialised once per
 * (shared answer, lists' versions) and shared by every buyer on the same lists: a warm buyer's
 * page costs what a visitor's does, with its own ETag, 304 and compressed forms. It is never
 * cached by anyone but the buyer (`private`).
 */
export function createPartsAnswers(app: FastifyInstance, now: () => number = Date.now) {
  const priced = createExpiringCache<SerialisedBody>(PRICED_MAX);

  function pricedBody(body: SerialisedBody, terms: BuyerTerms, at: Date): SerialisedBody {
    const key = `${terms.stamp}|${body.etag}`;
    const cached = priced.get(key, at.getTime());
    if (cached) return cached;
    const value = JSON.parse(body.json.toString('utf8')) as PartJson | PartJson[];
    const answer = Array.isArray(value)
      ? value.map((p) => withYourPrice(p, terms, at))
      : withYourPrice(value, terms, at);
    const result = serialise(answer);
    const until = Math.min(at.getTime() + PRICED_TTL_MS, nextValidityChange(terms, at) ?? Infinity);
    priced.set(key, result, until);
    return result;
  }

  return async function sendPartsAnswer(
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
    const at = new Date(now());
    const terms = await app.priceLists.shownTermsFor(userId);
    if (!hasValidList(terms, at)) return sendSerialised(request, reply, body);
    return sendSerialised(request, reply, pricedBody(body, terms, at), { private: true });
  };
}

export type SendPartsAnswer = ReturnType<typeof createPartsAnswers>;
