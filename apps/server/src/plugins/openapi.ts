import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas; the UI at /api/docs, the document at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pipewise API', version: '0.1.0', description: 'The Pipewise sales-assistant API.' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // No CSP of its own (swagger-ui's allows https: styles, framing by 'self' and forces https):
  // the pages load only their own scripts and styles from 'self', so the app's policy fits them.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
