import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGmailDraftRequest, ZGmailDraftResponse, ZGoogleAuthorizeUrl, ZGoogleExchange, ZGoogleStatus } from '@pipewise/contract/calendar';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { GoogleService } from './google-service';

const errors = errorResponses(502);

/** The caller's own Google connection: tokens stay here, the browser sees its status only. */
export function googleRoutes(service: GoogleService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['google'];
    app.get('/api/google/status', { schema: { tags, response: { 200: ZGoogleStatus, ...errors } } }, async (req) =>
      service.status(requireCaller(req)),
    );
    app.get(
      '/api/google/authorize-url',
      {
        schema: {
          tags,
          summary: "Google's consent page address (state and PKCE kept here)",
          response: { 200: ZGoogleAuthorizeUrl, ...errors },
        },
      },
      async (req) => service.authorizeUrl(requireCaller(req)),
    );
    app.post(
      '/api/google/exchange-token',
      {
        schema: {
          tags,
          summary: 'Completes the connect with the code Google returned',
          body: ZGoogleExchange,
          response: { 200: ZGoogleStatus, ...errors },
        },
      },
      async (req) => service.exchange(requireCaller(req), req.body),
    );
    app.post(
      '/api/google/sync',
      {
        schema: {
          tags,
          summary: "Sync now: queues the caller's calendar sync at once (202); the status says syncing until it ends",
          response: { 202: ZGoogleStatus, ...errors },
        },
      },
      async (req, reply) => reply.status(202).send(await service.syncNow(requireCaller(req))),
    );
    app.post(
      '/api/google/disconnect',
      { schema: { tags, summary: 'Revokes the grant and forgets both tokens', response: { 200: ZGoogleStatus, ...errors } } },
      async (req) => service.disconnect(requireCaller(req)),
    );
    app.post(
      '/api/google/gmail-draft',
      {
        schema: {
          tags,
          summary: 'Saves a Gmail draft with the caller’s Google account',
          body: ZGmailDraftRequest,
          response: { 200: ZGmailDraftResponse, ...errors },
        },
      },
      async (req) => service.gmailDraft(requireCaller(req), req.body),
    );
  };
}
