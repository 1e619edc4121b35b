import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas that validate requests. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Torque Parts API',
        description: 'Catalogue, orders, payments and accounts of the Torque Parts storefront.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { withDefaultFonts: false, hideClientButton: true },
    hooks: { onRequest: async () => {} },
  });
});
