import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCompetitorList } from '@pipewise/contract/coaching';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { CompetitorsService } from './competitors-service';

const errors = errorResponses();

/** The workspace's competitor names (Settings): everyone reads them, admins set them. */
export function competitorsRoutes(service: CompetitorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/coaching/competitors', { schema: { tags: ['coaching'], response: { 200: ZCompetitorList, ...errors } } }, async (req) =>
      service.list(requireCaller(req)),
    );
    app.put(
      '/api/coaching/competitors',
      { schema: { tags: ['coaching'], body: ZCompetitorList, response: { 200: ZCompetitorList, ...errors } } },
      async (req) => service.set(requireCaller(req), req.body),
    );
  };
}
