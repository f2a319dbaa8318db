import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAttendeeOptions,
  ZAttendeeOptionsQuery,
  ZParticipantInput,
  ZParticipantPatch,
  ZParticipantsResponse,
} from '@pipewise/contract/participants';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { ParticipantsService } from './participants-service';

const tags = ['videos'];
const errors = errorResponses();
const idParam = z.object({ id: z.string().max(100) });
const participantParams = z.object({ id: z.string().max(100), pid: z.string().max(100) });

/** Issue 30, item 1: a recording's participants, their corrections, and the attendee suggestions. */
export function participantsRoutes(service: ParticipantsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/videos/attendee-options',
      { schema: { tags, querystring: ZAttendeeOptionsQuery, response: { 200: ZAttendeeOptions, ...errors } } },
      async (req) => ({ data: await service.options(requireCaller(req), req.query.q) }),
    );
    app.get(
      '/api/videos/:id/participants',
      { schema: { tags, params: idParam, response: { 200: ZParticipantsResponse, ...errors } } },
      async (req) => service.list(requireCaller(req), req.params.id),
    );
    app.post(
      '/api/videos/:id/participants',
      { schema: { tags, params: idParam, body: ZParticipantInput, response: { 201: ZParticipantsResponse, ...errors } } },
      async (req, reply) => reply.status(201).send(await service.add(requireCaller(req), req.params.id, req.body)),
    );
    app.patch(
      '/api/videos/:id/participants/:pid',
      { schema: { tags, params: participantParams, body: ZParticipantPatch, response: { 200: ZParticipantsResponse, ...errors } } },
      async (req) => service.update(requireCaller(req), req.params.id, req.params.pid, req.body),
    );
    app.delete(
      '/api/videos/:id/participants/:pid',
      { schema: { tags, params: participantParams, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await service.remove(requireCaller(req), req.params.id, req.params.pid);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/api/videos/:id/participants/:pid/add-as-contact',
      { schema: { tags, params: participantParams, response: { 200: ZParticipantsResponse, ...errors } } },
      async (req) => service.addAsContact(requireCaller(req), req.params.id, req.params.pid),
    );
  };
}
