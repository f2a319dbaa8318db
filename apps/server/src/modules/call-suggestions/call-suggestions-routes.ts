import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCallSuggestionAcceptBody,
  ZCallSuggestionActionParams,
  ZCallSuggestionDecision,
  ZCallSuggestionParams,
  ZCallSuggestionsResponse,
  ZDealCallSuggestionsResponse,
} from '@pipewise/contract/call-suggestions';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { CallSuggestionsService } from './call-suggestions-service';

const tags = ['videos'];
const errors = errorResponses();
const dealParams = z.object({
  id: z.coerce
    .number('Deal not found')
    .int('Deal not found')
    .min(1, 'Deal not found')
    .max(2 ** 53 - 1, 'Deal not found'),
});

/** Suggested CRM updates from a recording: list, accept (optionally edited), dismiss; and a deal's open ones per call. */
export function callSuggestionsRoutes(service: CallSuggestionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/videos/:id/suggestions',
      { schema: { tags, params: ZCallSuggestionParams, response: { 200: ZCallSuggestionsResponse, ...errors } } },
      async (req) => service.list(requireCaller(req), req.params.id),
    );
    app.post(
      '/api/videos/:id/suggestions/:sid/accept',
      {
        schema: {
          tags,
          params: ZCallSuggestionActionParams,
          body: ZCallSuggestionAcceptBody,
          response: { 200: ZCallSuggestionDecision, ...errors },
        },
      },
      async (req) => service.accept(requireCaller(req), req.params.id, req.params.sid, req.body ?? {}),
    );
    app.post(
      '/api/videos/:id/suggestions/:sid/dismiss',
      { schema: { tags, params: ZCallSuggestionActionParams, response: { 200: ZCallSuggestionDecision, ...errors } } },
      async (req) => service.dismiss(requireCaller(req), req.params.id, req.params.sid),
    );
    app.get(
      '/api/deals/:id/call-suggestions',
      { schema: { tags: ['deals'], params: dealParams, response: { 200: ZDealCallSuggestionsResponse, ...errors } } },
      async (req) => service.forDeal(requireCaller(req), req.params.id),
    );
  };
}
