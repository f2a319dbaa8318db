import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC_ROUTE } from './session';

const HIDDEN_TAG = 'X-HIDDEN';
const isDocsUrl = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * OpenAPI generated from the routes' zod schemas; the UI at /api/docs, the document at /api/docs/json.
 * Every API route is in the document (clients, the route table and the authorization review all
 * read it), so registering a hidden one fails at start.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // The docs are for anyone (every other API route needs a session unless it says otherwise).
    if (isDocsUrl(route.url)) return void (route.config = { ...route.config, ...PUBLIC_ROUTE });
    const schema = route.schema as { hide?: boolean; tags?: string[] } | undefined;
    if (schema?.hide || schema?.tags?.includes(HIDDEN_TAG)) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} is hidden from the OpenAPI document; every API route must be documented`,
      );
    }
  });
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
    hiddenTag: HIDDEN_TAG,
    transform: jsonSchemaTransform,
  });
  // No CSP of its own (swagger-ui's allows https: styles, framing by 'self' and forces https):
  // the pages load only their own scripts and styles from 'self', so the app's policy fits them.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
