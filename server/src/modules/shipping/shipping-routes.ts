import {
  errorBody,
  shippingMethod,
  shippingMethodIdParams,
  shippingMethodInput,
  shippingMethodUpdate,
  shippingOptions,
  shippingOptionsQuery,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.ts';

const bearer = [{ bearer: [] }];
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Shipping methods (admins manage them; anyone reads the active ones) and a cart's shipping options. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.shipping;

  app.get(
    '/api/shipping/methods',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shipping'],
        summary: 'The active shipping methods',
        response: { 200: z.array(shippingMethod) },
      },
    },
    async () => service.listActive(),
  );

  app.get(
    '/api/shipping/methods/all',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary: 'Every shipping method, inactive ones too (admin)',
        security: bearer,
        response: { 200: z.array(shippingMethod), 401: errorBody, 403: errorBody },
      },
    },
    async () => service.listAll(),
  );

  app.get(
    '/api/shipping/methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary: 'One shipping method (admin)',
        security: bearer,
        params: shippingMethodIdParams,
        response: { 200: shippingMethod, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/shipping/methods',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary: 'Add a shipping method (admin)',
        description:
          'rates: weight bands in increasing upToGrams, each bound inclusive (a parcel of exactly upToGrams takes ' +
          'that band); above the last band the method cannot carry the parcel. freeOver: goods worth at least this ' +
          'many dollars ship free (null: never).',
        security: bearer,
        body: shippingMethodInput,
        response: { 201: shippingMethod, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.put(
    '/api/shipping/methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary: "Change a shipping method's fields (admin)",
        description: 'Placed orders keep the method name and price they were placed with.',
        security: bearer,
        params: shippingMethodIdParams,
        body: shippingMethodUpdate,
        response: { 200: shippingMethod, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/api/shipping/methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary: 'Delete a shipping method (admin)',
        description: 'Placed orders keep its name and price; their methodId becomes null.',
        security: bearer,
        params: shippingMethodIdParams,
        response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }), ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { deleted: true as const, _id: request.params.id };
    },
  );

  app.get(
    '/api/shipping/options',
    {
      config: { access: 'user' },
      schema: {
        tags: ['shipping'],
        summary: 'The shipping methods that can carry my cart to one of my addresses, priced by the server',
        description:
          'options: the active methods that can carry the cart there, cheapest first, with their price and ' +
          'estimate; refused: the others and why (TOO_HEAVY, HAZARDOUS, COUNTRY_NOT_SERVED). 404 when the ' +
          'address is not in my book.',
        security: bearer,
        querystring: shippingOptionsQuery,
        response: { 200: shippingOptions, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => service.options(callerOf(request).userId, request.query.addressId),
  );
};
