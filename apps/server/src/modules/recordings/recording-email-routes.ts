import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFollowUpEmail } from '@pipewise/contract/videos';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { RecordingEmailService } from './recording-email-service';

/** Generate AI Email on the meeting detail screen (decision 8): a draft, never sent by the server. */
export function recordingEmailRoutes(service: RecordingEmailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/videos/:id/follow-up-email',
      {
        schema: {
          tags: ['videos'],
          summary: "A follow-up email drafted from the recording's summary and key points, addressed to its attendees",
          params: z.object({ id: z.string().max(64) }),
          response: { 200: ZFollowUpEmail, ...errorResponses() },
        },
      },
      async (req) => service.draft(requireCaller(req), req.params.id),
    );
  };
}
