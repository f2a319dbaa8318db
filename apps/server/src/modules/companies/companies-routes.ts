import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCompanyCreateBody,
  ZCompanyDetailResponse,
  ZCompanyListQuery,
  ZCompanyListResponse,
  ZCompanyResponse,
  ZCompanyUpdateBody,
  ZDuplicateResponse,
} from '@pipewise/contract/companies';
import { ZErrorResponse } from '@pipewise/contract/common';
import { errorResponses } from '../../lib/http-error';
import { requireCaller } from '../../plugins/session';
import type { CompaniesScreen } from './companies-screen';

// 502: the workspace's HubSpot could not be reached for a write (nothing was changed). A 409 names
// the company that already has the domain when the caller sees it.
const errors = { ...errorResponses(502), 409: z.union([ZDuplicateResponse, ZErrorResponse]) };
const idParam = z.object({ id: z.string().max(40) });

/**
 * The companies screens' routes (issue 29). `GET /api/companies/{id}` answers the company in `data`
 * and, beside it, its deals, contacts and meetings (recordings and calls of its deals) that the
 * caller sees: one request for the whole screen.
 */
export function companiesRoutes(screen: CompaniesScreen): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['companies'];
    app.get(
      '/api/companies',
      { schema: { tags, querystring: ZCompanyListQuery, response: { 200: ZCompanyListResponse, ...errors } } },
      async (req) => screen.list(requireCaller(req), req.query),
    );
    app.post(
      '/api/companies',
      { schema: { tags, body: ZCompanyCreateBody, response: { 201: ZCompanyResponse, ...errors } } },
      async (req, reply) => reply.status(201).send({ data: await screen.create(requireCaller(req), req.body) }),
    );
    app.get(
      '/api/companies/:id',
      { schema: { tags, params: idParam, response: { 200: ZCompanyDetailResponse, ...errors } } },
      async (req) => screen.detail(requireCaller(req), req.params.id),
    );
    app.patch(
      '/api/companies/:id',
      { schema: { tags, params: idParam, body: ZCompanyUpdateBody, response: { 200: ZCompanyResponse, ...errors } } },
      async (req) => ({ data: await screen.update(requireCaller(req), req.params.id, req.body) }),
    );
    app.delete('/api/companies/:id', { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await screen.remove(requireCaller(req), req.params.id);
      return reply.status(204).send(null);
    });
  };
}
