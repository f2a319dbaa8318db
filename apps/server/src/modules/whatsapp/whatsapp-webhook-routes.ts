import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, HttpError } from '../../lib/http-error';
import { PROVIDER_WEBHOOK_ROUTE } from '../../plugins/csrf';
import { handshakeChallenge, messagesOf, validSignature } from './whatsapp-webhook-protocol';
import type { WhatsappInbox } from './whatsapp-webhook';

export type WhatsappWebhookSettings = {
  /** WHATSAPP_APP_SECRET: deliveries are signed with it; without it the webhook answers 404. */
  appSecret: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's handshake must send. */
  verifyToken: string | undefined;
  /** WHATSAPP_PHONE_NUMBER_ID: when set, deliveries for other numbers of the account are ignored. */
  phoneNumberId: string | undefined;
};

export const WEBHOOK_TEXTS = {
  notConfigured: 'The WhatsApp webhook is not set up.',
  badToken: 'The verification request is not valid.',
  badSignature: 'The delivery signature is not valid.',
  badJson: 'The request body is not valid JSON.',
} as const;

const ZHandshakeQuery = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(512).optional(),
  'hub.challenge': z.string().max(512).optional(),
});

/**
 * Meta's WhatsApp webhook. GET answers the verification handshake; POST takes signed deliveries
 * (X-Hub-Signature-256 over the raw body, so this route alone keeps the body as it came), queues
 * each new message for the assistant and answers 200 at once. No session: the signature is the
 * authentication, so there is no CSRF or Origin check either.
 */
export function whatsappWebhookRoutes(settings: WhatsappWebhookSettings, inbox: Pick<WhatsappInbox, 'accept'>): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['whatsapp'];
    const raw = new WeakMap<FastifyRequest, Buffer>();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      raw.set(req, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(new HttpError(400, WEBHOOK_TEXTS.badJson), undefined);
      }
    });

    app.get(
      '/api/whatsapp/webhook',
      {
        config: PROVIDER_WEBHOOK_ROUTE,
        schema: {
          tags,
          summary: "Meta's webhook verification: answers hub.challenge as text when hub.verify_token is ours (403 otherwise)",
          querystring: ZHandshakeQuery,
          response: { 200: z.string(), ...errorResponses() },
        },
      },
      async (req, reply) => {
        if (!settings.appSecret || !settings.verifyToken) throw new HttpError(404, WEBHOOK_TEXTS.notConfigured);
        const challenge = handshakeChallenge(req.query, settings.verifyToken);
        if (challenge === null) throw new HttpError(403, WEBHOOK_TEXTS.badToken);
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    app.post(
      '/api/whatsapp/webhook',
      {
        config: PROVIDER_WEBHOOK_ROUTE,
        schema: {
          tags,
          summary: "Meta's signed WhatsApp deliveries (X-Hub-Signature-256): new messages are queued for the assistant, the rest ignored",
          response: { 200: z.object({ received: z.number().int() }), ...errorResponses() },
        },
        preValidation: async (req) => {
          if (!settings.appSecret) throw new HttpError(404, WEBHOOK_TEXTS.notConfigured);
          const body = raw.get(req);
          if (!body || !validSignature(body, req.headers['x-hub-signature-256'], settings.appSecret))
            throw new HttpError(401, WEBHOOK_TEXTS.badSignature);
        },
      },
      async (req) => ({ received: await inbox.accept(messagesOf(req.body, settings.phoneNumberId)) }),
    );
  };
}
