import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDealByIdResponse,
  ZDealCreateBody,
  ZDealDeleteResponse,
  ZDealListQuery,
  ZDealListResponse,
  ZDealResponse,
  ZDealUpdateBody,
  ZOwnersResponse,
  ZPipelinesResponse,
  ZDealStakeholdersBody,
  ZStakeholdersResponse,
} from '@pipewise/contract/deals';
import { requireCaller } from '../../plugins/session';
import { csvHeader, csvRow } from './deal-csv';
import { errorResponses, notFound } from '../../lib/http-error';
import { DEAL_MESSAGES, type DealsService } from './deals-service';

// 502: the workspace's HubSpot could not be reached for an edit (nothing was changed).
const errors = errorResponses(502);
const dealIdParam = z.object({ id: z.string().max(40) });

/** A malformed id names no deal: 404 like any deal the caller cannot see. */
function dealIdOf(value: string | number): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(String(value)) || !Number.isSafeInteger(id) || id < 1) throw notFound(DEAL_MESSAGES.notFound);
  return id;
}

export function dealsRoutes(service: DealsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['deals'];
    app.get(
      '/api/deal/get-deals-user-hierarchy',
      { schema: { tags, querystring: ZDealListQuery, response: { 200: ZDealListResponse, ...errors } } },
      async (req) => service.list(requireCaller(req), req.query),
    );

    app.get(
      '/api/deal/export',
      { schema: { tags, querystring: ZDealListQuery, summary: 'The filtered deals as CSV (streamed)' } },
      async (req, reply) => {
        const who = requireCaller(req);
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
      },
    );

    app.get('/api/deal/get-deal-stages', { schema: { tags, response: { 200: ZPipelinesResponse, ...errors } } }, async (req) => ({
      data: { results: await service.pipelines(requireCaller(req)) },
    }));

    app.get(
      '/api/deal/get_deal_by_id/:id',
      { schema: { tags, params: dealIdParam, response: { 200: ZDealByIdResponse, ...errors } } },
      async (req) => ({ data: await service.get(requireCaller(req), dealIdOf(req.params.id)) }),
    );

    app.get(
      '/api/deal/get-stackholders-for-deal',
      { schema: { tags, querystring: z.object({ deal_id: z.string().max(40) }), response: { 200: ZStakeholdersResponse, ...errors } } },
      async (req) => ({ data: await service.stakeholders(requireCaller(req), dealIdOf(req.query.deal_id)) }),
    );

    app.get('/api/deal/owners', { schema: { tags, response: { 200: ZOwnersResponse, ...errors } } }, async (req) => ({
      data: await service.owners(requireCaller(req)),
    }));

    app.put(
      '/api/deal/:id',
      { schema: { tags, params: dealIdParam, body: ZDealUpdateBody, response: { 200: ZDealResponse, ...errors } } },
      async (req) => {
        const { properties, version, ...flat } = req.body;
        return {
          success: true as const,
          data: await service.update(requireCaller(req), dealIdOf(req.params.id), { ...flat, ...properties }, version),
        };
      },
    );

    app.put(
      '/api/deal/:id/stakeholders',
      {
        schema: {
          tags,
          summary: "Replace a deal's stakeholders (contacts the caller sees), in order",
          params: dealIdParam,
          body: ZDealStakeholdersBody,
          response: { 200: ZStakeholdersResponse, ...errors },
        },
      },
      async (req) => ({ data: await service.setStakeholders(requireCaller(req), dealIdOf(req.params.id), req.body.contact_ids) }),
    );

    app.delete(
      '/api/deal/:id',
      {
        schema: {
          tags,
          summary: 'Delete a deal (its owner, those above them, admins); its recordings stay',
          params: dealIdParam,
          response: { 200: ZDealDeleteResponse, ...errors },
        },
      },
      async (req) => {
        await service.remove(requireCaller(req), dealIdOf(req.params.id));
        return { success: true as const };
      },
    );

    app.post(
      '/api/deal/',
      {
        schema: {
          tags,
          querystring: z.object({ hubId: z.string().max(100).optional() }).loose(),
          body: ZDealCreateBody,
          response: { 201: ZDealResponse, ...errors },
        },
      },
      async (req, reply) => {
        const caller = requireCaller(req);
        await service.checkPortal(caller, req.query.hubId);
        return reply.status(201).send({ success: true as const, data: await service.create(caller, req.body) });
      },
    );
  };
}
