import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDealConfidence } from '@pipewise/contract/deals';
import { errorResponses, notFound } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import { REFUSAL_MESSAGES } from '../access/policies';
import type { DealScoreService } from './deal-score-service';

const errors = errorResponses();

/** GET /api/deal/{id}/confidence: the deal's confidence score and its factors, computed now. */
export function dealScoreRoutes(service: Pick<DealScoreService, 'confidence'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/deal/:id/confidence',
      {
        schema: {
          tags: ['deals'],
          summary: "The deal's confidence on closure and why (each factor's points and reason), computed now",
          params: z.object({ id: z.string().max(40) }),
          response: { 200: ZDealConfidence, ...errors },
        },
      },
      async (req) => {
        const id = Number(req.params.id);
        // A malformed id names no deal: 404 like any deal the caller cannot see.
        if (!/^\d{1,15}$/.test(req.params.id) || !Number.isSafeInteger(id) || id < 1) throw notFound(REFUSAL_MESSAGES.dealNotFound);
        return service.confidence(requireCaller(req), id);
      },
    );
  };
}
