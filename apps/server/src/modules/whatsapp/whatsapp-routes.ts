import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZWhatsappNotificationsBody, ZWhatsappStatus, ZWhatsappVerifyBody } from '@pipewise/contract/whatsapp';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { WhatsappVerification } from './whatsapp-verification';

const errors = errorResponses(429, 502);
const zoneOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The caller's own WhatsApp number: its status, the code that verifies it, the notification
 * opt-ins and removing it. The number itself is saved by POST /api/users/update_whatsapp_number/{email}.
 * The X-Timezone header (an IANA zone) is kept on verify and opt-in changes for the 08:00 digest.
 */
export function whatsappRoutes(service: WhatsappVerification): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['whatsapp'];
    app.get(
      '/api/whatsapp/status',
      {
        schema: {
          tags,
          summary: "The caller's WhatsApp number, whether it is verified, a pending code and opt-ins",
          response: { 200: ZWhatsappStatus, ...errors },
        },
      },
      async (req) => service.status(requireCaller(req)),
    );
    app.post(
      '/api/whatsapp/verify',
      {
        schema: {
          tags,
          summary: 'Checks the 6-digit code sent to the saved number (10 minutes, 5 tries, single use)',
          body: ZWhatsappVerifyBody,
          response: { 200: ZWhatsappStatus, ...errors },
        },
      },
      async (req) => service.verify(requireCaller(req), req.body.code, zoneOf(req.headers['x-timezone'])),
    );
    app.post(
      '/api/whatsapp/resend_code',
      {
        schema: {
          tags,
          summary: 'Sends a new code to the saved number; the old one stops working (5 an hour)',
          response: { 200: ZWhatsappStatus, ...errors },
        },
      },
      async (req) => service.resendCode(requireCaller(req)),
    );
    app.put(
      '/api/whatsapp/notifications',
      {
        schema: {
          tags,
          summary: 'Turns the morning digest and insights-ready templates on or off (verified numbers only)',
          body: ZWhatsappNotificationsBody,
          response: { 200: ZWhatsappStatus, ...errors },
        },
      },
      async (req) => service.setNotifications(requireCaller(req), req.body, zoneOf(req.headers['x-timezone'])),
    );
    app.delete(
      '/api/whatsapp/number',
      {
        schema: {
          tags,
          summary: 'Forgets the number, its code, its verification and its opt-ins',
          response: { 200: ZWhatsappStatus, ...errors },
        },
      },
      async (req) => service.removeNumber(requireCaller(req)),
    );
  };
}
