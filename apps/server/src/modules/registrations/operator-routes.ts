import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWorkspaceApproved, ZWorkspaceRejected, ZWorkspaceRequestList } from '@pipewise/contract/workspaces';
import { requireOperator } from '../../plugins/session';
import type { OperatorService } from './operator-service';
import { errorResponses } from '../../lib/http-error';

const errors = errorResponses();
const params = z.object({ id: z.uuid('Unknown request') });

/** New customers' workspaces: the sign-up requests from domains no workspace holds (operators only). */
export function operatorRoutes(service: OperatorService, operators: ReadonlySet<string>): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['operator'];
    app.get('/api/operator/workspace-requests', { schema: { tags, response: { 200: ZWorkspaceRequestList, ...errors } } }, async (req) => {
      requireOperator(req, operators);
      return { data: await service.listRequests() };
    });
    app.post(
      '/api/operator/workspace-requests/:id/approve',
      { schema: { tags, params, response: { 200: ZWorkspaceApproved, ...errors } } },
      async (req) => service.approve(req.params.id, requireOperator(req, operators).user),
    );
    app.post(
      '/api/operator/workspace-requests/:id/reject',
      { schema: { tags, params, response: { 200: ZWorkspaceRejected, ...errors } } },
      async (req) => service.reject(req.params.id, requireOperator(req, operators).user),
    );
  };
}
