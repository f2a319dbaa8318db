import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRegistrationDecisionResponse, ZRegistrationRequestList } from '@pipewise/contract/registrations';
import { requireCaller } from '../../plugins/session';
import type { RegistrationsService } from './registrations-service';
import { errorResponses } from '../../lib/http-error';

const errors = errorResponses();
const params = z.object({ id: z.uuid('Unknown request') });

export function registrationsRoutes(service: RegistrationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get('/api/registration-requests', { schema: { tags, response: { 200: ZRegistrationRequestList, ...errors } } }, async (req) => {
      return { data: await service.listPending(requireCaller(req)) };
    });
    app.post(
      '/api/registration-requests/:id/approve',
      { schema: { tags, params, response: { 200: ZRegistrationDecisionResponse, ...errors } } },
      async (req) => service.approve(req.params.id, requireCaller(req)),
    );
    app.post(
      '/api/registration-requests/:id/reject',
      { schema: { tags, params, response: { 200: ZRegistrationDecisionResponse, ...errors } } },
      async (req) => service.reject(req.params.id, requireCaller(req)),
    );
  };
}
