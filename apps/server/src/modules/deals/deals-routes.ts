import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@pipewise/contract/common';
import {
  ZDealByIdResponse,
  ZDealCreateBody,
  ZDealListQuery,
  ZDealListResponse,
  ZDealResponse,
  ZDealUpdateBody,
  ZOwnersResponse,
  ZPipelinesResponse,
  ZStakeholdersResponse,
} from '@pipewise/contract/deals';
import { requireUser } from '../../plugins/session';
import { csvHeader, csvRow } from './deal-csv';
import { notFound } from '../../lib/http-error';
import { DEAL_MESSAGES, type Caller, type DealsService } from './deals-service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
const dealIdParam = z.object({ id: z.string().max(40) });

/** A malformed id names no deal: 404 like any deal the caller cannot see. */
function dealIdOf(value: string | number): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(String(value)) || !Number.isSafeInteger(id) || id < 1) throw notFound(DEAL_MESSAGES.notFound);
  return id;
}

function caller(req: Parameters<typeof requireUser>[0]): Caller {
  const { user } = requireUser(req);
  return { id: user.id, email: user.email, role: user.role, organizationId: user.organizationId };
}

export function dealsRoutes(service: DealsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['deals'];
    app.get(
      '/api/deal/get-deals-user-hierarchy',
      { schema: { tags, querystring: ZDealListQuery, response: { 200: ZDealListResponse, ...errors } } },
      async (req) => service.list(caller(req), req.query),
    );

    app.get('/api/deal/export', { schema: { tags, querystring: ZDealListQuery, summary: 'The filtered deals as CSV (streamed)' } }, async (req, reply) => {
      const who = caller(req);
      const rows = service.exportRows(who, req.query);
      const first = await rows.next(); // fail before any byte is sent when access is refused
      async function* lines() {
        yield csvHeader();
        if (first.done) return;
        for (const d of first.value) yield csvRow(d);
        for await (const chunk of rows) for (const d of chunk) yield csvRow(d);
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pipewise-deals-${day}.csv"`)
        .send(Readable.from(lines()));
    });

    app.get('/api/deal/get-deal-stages', { schema: { tags, response: { 200: ZPipelinesResponse, ...errors } } }, async (req) => ({
      data: { results: await service.pipelines(caller(req)) },
    }));

    app.get(
      '/api/deal/get_deal_by_id/:id',
      { schema: { tags, params: dealIdParam, response: { 200: ZDealByIdResponse, ...errors } } },
      async (req) => ({ data: await service.get(caller(req), dealIdOf(req.params.id)) }),
    );

    app.get(
      '/api/deal/get-stackholders-for-deal',
      { schema: { tags, querystring: z.object({ deal_id: z.string().max(40) }), response: { 200: ZStakeholdersResponse, ...errors } } },
      async (req) => ({ data: await service.stakeholders(caller(req), dealIdOf(req.query.deal_id)) }),
    );

    app.get('/api/deal/owners', { schema: { tags, response: { 200: ZOwnersResponse, ...errors } } }, async (req) => ({
      data: await service.owners(caller(req)),
    }));

    app.put(
      '/api/deal/:id',
      { schema: { tags, params: dealIdParam, body: ZDealUpdateBody, response: { 200: ZDealResponse, ...errors } } },
      async (req) => {
        const { properties, version, ...flat } = req.body;
        return { success: true as const, data: await service.update(caller(req), dealIdOf(req.params.id), { ...flat, ...properties }, version) };
      },
    );

    app.post(
      '/api/deal/',
      { schema: { tags, querystring: z.object({ hubId: z.string().max(100).optional() }).loose(), body: ZDealCreateBody, response: { 201: ZDealResponse, ...errors } } },
      async (req, reply) => reply.status(201).send({ success: true as const, data: await service.create(caller(req), req.body) }),
    );
  };
}
