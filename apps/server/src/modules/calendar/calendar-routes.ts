import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCalendarRangeQuery, ZTeamMeetings, ZUserMeetings } from '@pipewise/contract/calendar';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { CalendarService } from './calendar-service';

const errors = errorResponses();

export function calendarRoutes(service: CalendarService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['calendar'];
    app.get(
      '/api/calendar/user-meetings/',
      {
        schema: {
          tags,
          summary: "The caller's meetings (cancelled ones left out)",
          querystring: ZCalendarRangeQuery,
          response: { 200: ZUserMeetings, ...errors },
        },
      },
      async (req) => ({ status: 'success' as const, meetings: await service.userMeetings(requireCaller(req), req.query) }),
    );
    app.get(
      '/api/calendar/meetings',
      {
        schema: {
          tags,
          summary: "The caller's and their team's meetings, each flagged is_team",
          querystring: ZCalendarRangeQuery,
          response: { 200: ZTeamMeetings, ...errors },
        },
      },
      async (req) => ({ meetings: await service.teamMeetings(requireCaller(req), req.query) }),
    );
  };
}
