import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@pipewise/contract/common';
import {
  ZAddUserBody,
  ZAddUserResponse,
  ZUpdateUserBody,
  ZUpdateWorkspaceBody,
  ZUpdateWorkspaceResponse,
  ZUserList,
  ZUserRow,
} from '@pipewise/contract/users';
import { requireUser } from '../../plugins/session';
import type { Caller, UsersService } from './users-service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
const emailParam = z.object({ email: z.string().max(254) });
const idParam = z.object({ id: z.string().max(64) });

function caller(req: Parameters<typeof requireUser>[0]): Caller {
  const { user } = requireUser(req);
  return { id: user.id, email: user.email, role: user.role, organizationId: user.organizationId };
}

export function usersRoutes(service: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get('/api/users', { schema: { tags, response: { 200: ZUserList, ...errors } } }, async (req) => ({
      data: await service.list(caller(req)),
    }));

    app.post(
      '/api/users/add_user/:email',
      { schema: { tags, params: emailParam, body: ZAddUserBody, response: { 201: ZAddUserResponse, ...errors } } },
      async (req, reply) => {
        const data = await service.add(caller(req), req.params.email, req.body);
        return reply.status(201).send({ status: 'success' as const, data });
      },
    );

    app.put(
      '/api/users/update_user/:email',
      { schema: { tags, params: emailParam, body: ZUpdateWorkspaceBody, response: { 200: ZUpdateWorkspaceResponse, ...errors } } },
      async (req) => ({ status: 'success' as const, data: await service.updateWorkspace(caller(req), req.params.email, req.body) }),
    );

    app.get(
      '/api/users/subordinates/:id',
      { schema: { tags, params: idParam, response: { 200: ZUserList, ...errors } } },
      async (req) => ({ data: await service.subordinates(caller(req), req.params.id) }),
    );

    app.patch(
      '/api/users/:id',
      { schema: { tags, params: idParam, body: ZUpdateUserBody, response: { 200: z.object({ status: z.literal('success'), data: ZUserRow }), ...errors } } },
      async (req) => ({ status: 'success' as const, data: await service.update(caller(req), req.params.id, req.body) }),
    );
  };
}
