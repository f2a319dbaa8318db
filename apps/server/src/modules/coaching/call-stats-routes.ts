import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCallStats, ZTeamChannelInput } from '@pipewise/contract/coaching';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { CallStatsService } from './call-stats-service';

const idParam = z.object({ id: z.string().max(100) });
const errors = errorResponses();

/** A call's statistics (the meeting page's Call stats tab) and the swap of a stereo recording's sides. */
export function callStatsRoutes(service: CallStatsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/videos/:id/call-stats',
      { schema: { tags: ['videos'], params: idParam, response: { 200: ZCallStats, ...errors } } },
      async (req) => service.get(requireCaller(req), req.params.id),
    );
    app.put(
      '/api/videos/:id/call-stats/team-channel',
      { schema: { tags: ['videos'], params: idParam, body: ZTeamChannelInput, response: { 200: ZCallStats, ...errors } } },
      async (req) => service.setTeamChannel(requireCaller(req), req.params.id, req.body.team_channel),
    );
  };
}
