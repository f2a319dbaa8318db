import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBookedMeeting, ZMeetingBookingBody, ZMeetingIdParams, ZMeetingUpdateBody } from '@pipewise/contract/calendar';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { BookingService } from './booking-service';

const errors = errorResponses();

/** Calls booked in Pipewise: book, edit and cancel (the organiser, and those above them). */
export function bookingRoutes(service: BookingService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['calendar'];
    app.post(
      '/api/calendar/meetings',
      {
        schema: {
          tags,
          summary: "Book a call on the caller's calendar: attending users see it at once, outside attendees are invited",
          body: ZMeetingBookingBody,
          response: { 201: ZBookedMeeting, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await service.createAs(requireCaller(req), req.body)),
    );
    app.patch(
      '/api/calendar/meetings/:id',
      {
        schema: {
          tags,
          summary: 'Edit a booked call; outside attendees get the update',
          params: ZMeetingIdParams,
          body: ZMeetingUpdateBody,
          response: { 200: ZBookedMeeting, ...errors },
        },
      },
      async (req) => service.updateAs(requireCaller(req), req.params.id, req.body),
    );
    app.delete(
      '/api/calendar/meetings/:id',
      {
        schema: {
          tags,
          summary: 'Cancel a booked call; outside attendees get the cancellation',
          params: ZMeetingIdParams,
          response: { 200: ZBookedMeeting, ...errors },
        },
      },
      async (req) => service.cancelAs(requireCaller(req), req.params.id),
    );
  };
}
