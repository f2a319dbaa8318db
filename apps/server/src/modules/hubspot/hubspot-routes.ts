import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZFieldsQuery,
  ZFieldsResponse,
  ZHubspotAuthorizeQuery,
  ZHubspotAuthorizeUrl,
  ZHubspotExchangeQuery,
  ZHubspotExchangeResponse,
  ZHubspotStatus,
  ZSyncNowResponse,
} from '@pipewise/contract/integrations';
import { errorResponses } from '../../lib/http-error';
import { assertCan } from '../access/policies';
import { cookieBase } from '../../plugins/cookies';
import { requireCaller } from '../../plugins/session';
import type { CrmFields } from './crm-fields';
import type { HubspotConnectService } from './hubspot-connect-service';

const errors = errorResponses(502);
/** HttpOnly: the random value that binds a HubSpot connect state to the browser that started it. */
export const HUBSPOT_CONNECT_COOKIE = 'hubspot_connect';

/** The caller's HubSpot connection and the workspace's CRM fields: tokens stay here, the browser sees status. */
export function hubspotRoutes(service: HubspotConnectService, fields: CrmFields, appUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['integrations'];
    app.get('/api/hubspot/status', { schema: { tags, response: { 200: ZHubspotStatus, ...errors } } }, async (req) =>
      service.status(requireCaller(req)),
    );
    app.get(
      '/api/hubspot/authorize-url',
      {
        schema: {
          tags,
          summary: "HubSpot's authorize page (state and PKCE kept here); over built-in deals only with confirm_builtin_deals=true",
          querystring: ZHubspotAuthorizeQuery,
          response: { 200: ZHubspotAuthorizeUrl, ...errors },
        },
      },
      async (req, reply) => {
        const { url, browserSecret } = await service.authorizeUrl(requireCaller(req), req.query.confirm_builtin_deals);
        void reply.setCookie(HUBSPOT_CONNECT_COOKIE, browserSecret, { ...cookieBase(appUrl), path: '/api', httpOnly: true, maxAge: 600 });
        return { url };
      },
    );
    app.post(
      '/api/token/hubspot/access-token/',
      {
        schema: {
          tags,
          summary: 'Completes the connect with the code HubSpot returned (no token is answered)',
          querystring: ZHubspotExchangeQuery,
          response: { 200: ZHubspotExchangeResponse, ...errors },
        },
      },
      async (req, reply) => {
        const caller = requireCaller(req);
        // The spec's email parameter names the caller (decision 3).
        assertCan(caller, 'self.act', { email: req.query.email });
        const cookie = req.cookies[HUBSPOT_CONNECT_COOKIE];
        const browserSecret = cookie && cookie.length <= 100 ? cookie : undefined;
        void reply.clearCookie(HUBSPOT_CONNECT_COOKIE, { ...cookieBase(appUrl), path: '/api', httpOnly: true });
        return service.exchange(caller, { code: req.query.code, state: req.query.state, browserSecret });
      },
    );
    app.post(
      '/api/hubspot/disconnect',
      { schema: { tags, summary: 'Revokes the login at HubSpot and forgets its tokens', response: { 200: ZHubspotStatus, ...errors } } },
      async (req) => service.disconnect(requireCaller(req)),
    );
    app.post(
      '/api/hubspot/sync',
      { schema: { tags, summary: 'Sync now: queues a pull from HubSpot', response: { 202: ZSyncNowResponse, ...errors } } },
      async (req, reply) => reply.code(202).send(await service.syncNow(requireCaller(req))),
    );
    app.get(
      '/api/auth/fields',
      {
        schema: {
          tags,
          summary: 'Property definitions of the CRM source',
          querystring: ZFieldsQuery,
          response: { 200: ZFieldsResponse, ...errors },
        },
      },
      async (req) => fields.list(requireCaller(req), req.query.property_type),
    );
  };
}
