import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCheckEmailRequest,
  ZCheckEmailResponse,
  ZLogoutResponse,
  ZProfileResponse,
  ZRegisterInterestRequest,
  ZRegisterInterestResponse,
  ZSendOtpRequest,
  ZSendOtpResponse,
  ZVerifyOtpRequest,
  ZVerifyOtpResponse,
} from '@pipewise/contract/auth';
import { errorResponses } from '../../lib/http-error';
import { clearSessionCookies, setSessionCookie } from '../../plugins/cookies';
import { ANY_SESSION_ROUTE, PUBLIC_ROUTE, requireUser, type AuthContext } from '../../plugins/session';
import { assertCan } from '../access/policies';
import type { AuthService } from './auth-service';

const errors = errorResponses(429, 502);

/** The caller's HubSpot portal and user id (each null when not connected or not a HubSpot user). */
export type HubspotIdentity = (organizationId: string, userId: string) => Promise<{ hubId: string | null; userId: string | null }>;

const NO_HUBSPOT = { hubId: null, userId: null };

export function profileOf(
  auth: AuthContext,
  isOperator: boolean,
  hubspot: { hubId: string | null; userId: string | null } = NO_HUBSPOT,
): z.infer<typeof ZProfileResponse> {
  const u = auth.user;
  const valid = u.status === 'active';
  return {
    id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`.trim(),
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    organization_name: u.organizationName,
    organization_domain: u.organizationDomain,
    session_valid: valid,
    is_operator: valid && isOperator,
    database_record: {
      role: u.role,
      organization_name: u.organizationName,
      organization_domain: u.organizationDomain,
      phone_number: u.phoneNumber,
      session_valid: valid,
    },
    details: { hubspot_data: { hub_id: hubspot.hubId, user_id: hubspot.userId, user: u.email } },
  };
}

export function authRoutes(
  service: AuthService,
  appUrl: string,
  operators: ReadonlySet<string>,
  hubspotIdentity: HubspotIdentity,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    app.post(
      '/api/auth/check-email',
      { config: PUBLIC_ROUTE, schema: { tags, body: ZCheckEmailRequest, response: { 200: ZCheckEmailResponse, ...errors } } },
      (req) => service.checkEmail(req.body.email, req.ip),
    );

    app.post(
      '/api/auth/send-otp',
      { config: PUBLIC_ROUTE, schema: { tags, body: ZSendOtpRequest, response: { 200: ZSendOtpResponse, ...errors } } },
      (req) => service.sendOtp(req.body.email, req.ip),
    );

    app.post(
      '/api/auth/verify-otp',
      { config: PUBLIC_ROUTE, schema: { tags, body: ZVerifyOtpRequest, response: { 200: ZVerifyOtpResponse, ...errors } } },
      async (req, reply) => {
        const { user, token, expiresAt } = await service.verifyOtp(req.body.email, req.body.otp, req.ip, req.headers['user-agent']);
        setSessionCookie(reply, appUrl, token, expiresAt);
        reply.issueCsrfCookie(token);
        const wantsBearer = req.headers['x-token-delivery'] === 'bearer';
        return {
          status: 'success' as const,
          user: {
            email: user.email,
            name: `${user.firstName} ${user.lastName}`.trim(),
            first_name: user.firstName,
            last_name: user.lastName,
            ...(wantsBearer ? { access_token: token } : {}),
          },
        };
      },
    );

    app.post(
      '/api/auth/register-interest',
      { config: PUBLIC_ROUTE, schema: { tags, body: ZRegisterInterestRequest, response: { 200: ZRegisterInterestResponse, ...errors } } },
      (req) => service.registerInterest(req.body, req.ip),
    );

    const profileSchema = {
      tags: ['session'],
      querystring: z.object({ email: z.string().max(254).optional() }).loose(),
      response: { 200: ZProfileResponse, ...errors },
    };
    const profile = async (req: Parameters<typeof requireUser>[0] & { query: { email?: string } }) => {
      const auth = req.auth;
      // A deactivated user's session answers session_valid false so the app signs out.
      if (auth && auth.user.status !== 'active') return profileOf(auth, false);
      const caller = requireUser(req);
      // Decision 3: ?email= may only name the caller.
      assertCan(caller.user, 'self.act', { email: req.query.email });
      return profileOf(caller, operators.has(caller.user.email), await hubspotIdentity(caller.user.organizationId, caller.user.id));
    };
    app.get('/api/session/profile', { config: ANY_SESSION_ROUTE, schema: profileSchema }, profile);
    app.get('/api/command/get-profile', { config: ANY_SESSION_ROUTE, schema: { ...profileSchema, tags: ['command'] } }, profile);

    app.post(
      '/api/session/logout',
      {
        // Always succeeds: it clears the cookies whether or not the session is still there.
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['session'],
          querystring: z.object({ email: z.string().max(254).optional() }).loose(),
          // A body-less POST (API clients, sendBeacon) arrives as null: it must log out too.
          body: z
            .object({ current_session_id: z.string().max(200).optional() })
            .loose()
            .nullish(),
          response: { 200: ZLogoutResponse, ...errors },
        },
      },
      async (req, reply) => {
        if (req.auth) await service.logout(req.auth.sessionId);
        clearSessionCookies(reply, appUrl);
        reply.issueCsrfCookie(null);
        return { status: 'success' as const };
      },
    );
  };
}
