import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddUserBody,
  ZAddUserResponse,
  ZUpdateUserBody,
  ZUpdateWorkspaceBody,
  ZUpdateWhatsappNumberBody,
  ZUpdateWhatsappNumberResponse,
  ZUpdateWorkspaceResponse,
  ZUserList,
  ZUserRow,
  ZWhatsappNumber,
} from '@pipewise/contract/users';
import { requireCaller } from '../../plugins/session';
import type { UsersService } from './users-service';
import { errorResponses } from '../../lib/http-error';

const errors = errorResponses();
const emailParam = z.object({ email: z.string().max(254) });
const idParam = z.object({ id: z.string().max(64) });

export function usersRoutes(service: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get('/api/users', { schema: { tags, response: { 200: ZUserList, ...errors } } }, async (req) => ({
      data: await service.list(requireCaller(req)),
    }));

    app.post(
      '/api/users/add_user/:email',
      { schema: { tags, params: emailParam, body: ZAddUserBody, response: { 201: ZAddUserResponse, ...errors } } },
      async (req, reply) => {
        const data = await service.add(requireCaller(req), req.params.email, req.body);
        return reply.status(201).send({ status: 'success' as const, data });
      },
    );

    app.put(
      '/api/users/update_user/:email',
      { schema: { tags, params: emailParam, body: ZUpdateWorkspaceBody, response: { 200: ZUpdateWorkspaceResponse, ...errors } } },
      async (req) => ({ status: 'success' as const, data: await service.updateWorkspace(requireCaller(req), req.params.email, req.body) }),
    );

    app.get(
      '/api/users/whatsapp_number',
      { schema: { tags, summary: "The caller's own messaging number (E.164)", response: { 200: ZWhatsappNumber, ...errors } } },
      async (req) => service.whatsappNumber(requireCaller(req)),
    );

    app.post(
      '/api/users/update_whatsapp_number/:email',
      {
        schema: {
          tags,
          summary: "Saves the caller's messaging number (the path's email names the caller)",
          params: emailParam,
          body: ZUpdateWhatsappNumberBody,
          response: { 200: ZUpdateWhatsappNumberResponse, ...errors },
        },
      },
      async (req) => service.updateWhatsappNumber(requireCaller(req), req.params.email, req.body),
    );

    app.get('/api/users/subordinates/:id', { schema: { tags, params: idParam, response: { 200: ZUserList, ...errors } } }, async (req) => ({
      data: await service.subordinates(requireCaller(req), req.params.id),
    }));

    app.patch(
      '/api/users/:id',
      {
        schema: {
          tags,
          params: idParam,
          body: ZUpdateUserBody,
          response: { 200: z.object({ status: z.literal('success'), data: ZUserRow }), ...errors },
        },
      },
      async (req) => ({ status: 'success' as const, data: await service.update(requireCaller(req), req.params.id, req.body) }),
    );
  };
}
