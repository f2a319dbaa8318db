import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@pipewise/contract/health';
import type { Database } from '../../db/client';
import { PUBLIC_ROUTE } from '../../plugins/session';

export function healthRoutes(database: Pick<Database, 'kind' | 'ping'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: ZHealthResponse, 503: ZHealthResponse },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: database.kind };
        } catch (e) {
          request.log.error({ err: e }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error' as const, database: database.kind, detail: 'Database unavailable' });
        }
      },
    );
  };
}
