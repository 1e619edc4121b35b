import { address, addressIdParams, errorBody } from '@torque/contract';
import { addressInput, addressUpdate } from '@torque/contract/address-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.ts';

const bearer = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody };

/**
 * The caller's address book (PRODUCT.md "Addresses and shipping"): every route is the caller's
 * own book; another account's address is a 404, to admins too.
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.addressBook;

  app.get(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'My address book, oldest first',
        security: bearer,
        response: { 200: z.array(address), 401: errorBody },
      },
    },
    async (request) => service.list(callerOf(request)),
  );

  app.get(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'One address of my book',
        security: bearer,
        params: addressIdParams,
        response: { 200: address, ...errors, 404: errorBody },
      },
    },
    async (request) => service.get(callerOf(request), request.params.id),
  );

  app.post(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Add an address to my book',
        description:
          'country: ISO 3166-1 alpha-2. postalCode is required and checked for the countries with a known format ' +
          '(postcode-validator), free text elsewhere. The first address becomes the default shipping and billing ' +
          'address unless defaultShipping/defaultBilling say otherwise; setting a default moves it from the address ' +
          'that had it. 409 ADDRESS_BOOK_FULL past the limit.',
        security: bearer,
        body: addressInput,
        response: { 201: address, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.put(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Replace an address of my book',
        description: 'The whole address again (the same rules as adding one). Orders placed with it keep their copy.',
        security: bearer,
        params: addressIdParams,
        body: addressUpdate,
        response: { 200: address, ...errors, 404: errorBody },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['addresses'],
        summary: 'Delete an address of my book',
        description: 'Orders placed with it keep their copy.',
        security: bearer,
        params: addressIdParams,
        response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }), ...errors, 404: errorBody },
      },
    },
    async (request) => {
      await service.remove(callerOf(request), request.params.id);
      return { deleted: true as const, _id: request.params.id };
    },
  );
};
