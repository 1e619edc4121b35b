import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the database already wrote in the contract's shape (e.g. orders/order-json.ts):
 * Fastify sends a string as it is, so the zod serialiser, which the response schema still
 * documents, is skipped.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
