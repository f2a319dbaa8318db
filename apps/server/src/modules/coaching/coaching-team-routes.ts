import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCoachingPerson, ZCoachingQuery, ZCoachingTeam, ZCoachingUserParams } from '@pipewise/contract/coaching';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { CoachingTeamService } from './coaching-team-service';

const errors = errorResponses();

/** The browser's time zone (X-Timezone): the caller's days while they have saved none. */
const zoneOf = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

/** GET /api/coaching and GET /api/coaching/users/{id}: the Coaching page's figures per person over a period. */
export function coachingTeamRoutes(service: CoachingTeamService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['coaching'];
    app.get(
      '/api/coaching',
      {
        schema: {
          tags,
          summary:
            "Each person the caller sees (a rep: themselves; a manager: their team; an admin: everyone) with their calls' " +
            'conversation figures over the period (default: the last 30 days), and the team median',
          querystring: ZCoachingQuery,
          response: { 200: ZCoachingTeam, ...errors },
        },
      },
      async (req) => service.team(requireCaller(req), { ...req.query, timeZone: zoneOf(req.headers['x-timezone']) }),
    );
    app.get(
      '/api/coaching/users/:id',
      {
        schema: {
          tags,
          summary: "One person's figures over the period against their team's median, the weekly trend, and their best and worst calls",
          params: ZCoachingUserParams,
          querystring: ZCoachingQuery,
          response: { 200: ZCoachingPerson, ...errors },
        },
      },
      async (req) => service.personOr404(requireCaller(req), req.params.id, { ...req.query, timeZone: zoneOf(req.headers['x-timezone']) }),
    );
  };
}
