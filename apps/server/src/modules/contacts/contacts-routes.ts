import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContactCreateBody,
  ZContactDetailResponse,
  ZContactListQuery,
  ZContactListResponse,
  ZContactResponse,
  ZContactUpdateBody,
  ZDuplicateResponse,
} from '@pipewise/contract/companies';
import { ZErrorResponse } from '@pipewise/contract/common';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { ContactsScreen } from './contacts-screen';

// 502: the workspace's HubSpot could not be reached for a write (nothing was changed). A 409 names
// the contact that already has the email when the caller sees it.
const errors = { ...errorResponses(502), 409: z.union([ZDuplicateResponse, ZErrorResponse]) };
const idParam = z.object({ id: z.string().max(40) });

/**
 * The contacts screens' routes (issue 29). `GET /api/contacts/{id}` answers the contact in `data`
 * (with its company when the caller sees it) and, beside it, the deals where they are a stakeholder
 * and the calendar meetings they attended (by email), as far as the caller sees them.
 */
export function contactsRoutes(screen: ContactsScreen): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['contacts'];
    app.get(
      '/api/contacts',
      { schema: { tags, querystring: ZContactListQuery, response: { 200: ZContactListResponse, ...errors } } },
      async (req) => screen.list(requireCaller(req), req.query),
    );
    app.post(
      '/api/contacts',
      { schema: { tags, body: ZContactCreateBody, response: { 201: ZContactResponse, ...errors } } },
      async (req, reply) => reply.status(201).send({ data: await screen.create(requireCaller(req), req.body) }),
    );
    app.get('/api/contacts/:id', { schema: { tags, params: idParam, response: { 200: ZContactDetailResponse, ...errors } } }, async (req) =>
      screen.detail(requireCaller(req), req.params.id),
    );
    app.patch(
      '/api/contacts/:id',
      { schema: { tags, params: idParam, body: ZContactUpdateBody, response: { 200: ZContactResponse, ...errors } } },
      async (req) => ({ data: await screen.update(requireCaller(req), req.params.id, req.body) }),
    );
    app.delete('/api/contacts/:id', { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await screen.remove(requireCaller(req), req.params.id);
      return reply.status(204).send(null);
    });
  };
}
