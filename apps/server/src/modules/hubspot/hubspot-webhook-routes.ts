import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, HttpError } from '../../lib/http-error';
import { PROVIDER_WEBHOOK_ROUTE } from '../../plugins/csrf';
import { WEBHOOK_MESSAGES, ZHubspotWebhookAnswer, ZHubspotWebhookBody, type HubspotWebhooks } from './hubspot-webhook';

/**
 * POST /api/hubspot/webhook: HubSpot calls it (no session, no CSRF token); the v3 signature over the
 * raw body is the authentication, so this route alone keeps the body as it came (its own JSON
 * parser) and checks the signature before the body is validated or read.
 */
export function hubspotWebhookRoutes(webhooks: HubspotWebhooks): FastifyPluginAsyncZod {
  return async (app) => {
    const raw = new WeakMap<FastifyRequest, string>();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      raw.set(req, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      }
    });
    app.post(
      '/api/hubspot/webhook',
      {
        config: PROVIDER_WEBHOOK_ROUTE,
        schema: {
          tags: ['integrations'],
          summary: "HubSpot's webhook deliveries (X-HubSpot-Signature-v3): what changed is queued, duplicates and unknown portals ignored",
          body: ZHubspotWebhookBody,
          response: { 200: ZHubspotWebhookAnswer, ...errorResponses() },
        },
        preValidation: async (req) => {
          const check = webhooks.verify({
            method: req.method,
            url: req.url,
            body: raw.get(req) ?? '',
            timestamp: req.headers['x-hubspot-request-timestamp'],
            signature: req.headers['x-hubspot-signature-v3'],
          });
          if (check !== 'valid') throw new HttpError(401, WEBHOOK_MESSAGES[check]);
        },
      },
      async (req) => webhooks.receive(req.body),
    );
  };
}
