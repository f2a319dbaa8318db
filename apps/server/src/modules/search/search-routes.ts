import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSearchQuery, ZSearchResponse } from '@pipewise/contract/assistant';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { SearchService } from './search-service';

const errors = errorResponses();

export function searchRoutes(service: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary: 'The header search: deals, companies, contacts, people and meetings the caller may see, at most `limit` of each',
          querystring: ZSearchQuery,
          response: { 200: ZSearchResponse, ...errors },
        },
      },
      async (req) => service.search(requireCaller(req), req.query.q, req.query.limit),
    );
  };
}
