import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZActivityPage, ZActivityQuery } from '@pipewise/contract/activity';
import { ZNote, ZNoteBody, ZNoteIdParams, ZNotesPage, ZNotesQuery, ZRecordRef } from '@pipewise/contract/notes';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { ActivityService } from './activity-service';
import type { NotesService } from './notes-service';
import { recordRefOf } from './record-ref';

const errors = errorResponses();

/**
 * Notes on a deal, company or contact (`GET/POST /api/notes?record_type=&record_id=`,
 * `PATCH/DELETE /api/notes/{id}`) and a record's activity timeline (`GET /api/activity?record_type=&record_id=`).
 */
export function activityRoutes(notes: NotesService, activity: ActivityService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['activity'];
    app.get(
      '/api/notes',
      { schema: { tags, summary: "A record's notes, newest first", querystring: ZNotesQuery, response: { 200: ZNotesPage, ...errors } } },
      async (req) => notes.list(requireCaller(req), recordRefOf(req.query), req.query.cursor, req.query.limit),
    );
    app.post(
      '/api/notes',
      {
        schema: { tags, summary: 'Add a note to a record', querystring: ZRecordRef, body: ZNoteBody, response: { 201: ZNote, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await notes.create(requireCaller(req), recordRefOf(req.query), req.body.body)),
    );
    app.patch(
      '/api/notes/:id',
      { schema: { tags, summary: 'Edit your note', params: ZNoteIdParams, body: ZNoteBody, response: { 200: ZNote, ...errors } } },
      async (req) => notes.update(requireCaller(req), req.params.id, req.body.body),
    );
    app.delete(
      '/api/notes/:id',
      {
        schema: { tags, summary: 'Delete a note (its author, or an admin)', params: ZNoteIdParams, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await notes.remove(requireCaller(req), req.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/api/activity',
      {
        schema: {
          tags,
          summary: "A deal's, company's or contact's timeline: notes, changes, recordings, meetings; newest first, paged",
          querystring: ZActivityQuery,
          response: { 200: ZActivityPage, ...errors },
        },
      },
      async (req) => activity.list(requireCaller(req), recordRefOf(req.query), req.query.cursor, req.query.limit),
    );
  };
}
