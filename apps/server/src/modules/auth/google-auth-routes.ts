import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { OidcClient } from '../../adapters/google/oidc-client';
import type { Db } from '../../db/client';
import { oauthStates } from '../../db/schema';
import { OAUTH_STATE_COOKIE as STATE_COOKIE, cookieBase, setSessionCookie } from '../../plugins/cookies';
import { PUBLIC_ROUTE } from '../../plugins/session';
import { fullName, type UsersRepo } from '../users/users-repo';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { AuthService } from './auth-service';

const STATE_TTL_MS = 10 * 60_000;

export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not configured for this workspace. Please sign in with your email.',
  failed: 'Google sign-in failed. Please try again.',
  badState: 'Your Google sign-in expired or did not start here. Please try again.',
  unverified: 'Your Google account email is not verified.',
  unknown: 'No active Pipewise account uses this Google email. Ask your admin to add you, or drop us your contact.',
} as const;

const toCallback = (params: Record<string, string>) => `/oauth-callback?${new URLSearchParams(params).toString()}`;

/** Google sign-in with OpenID Connect: state (bound to this browser), PKCE and nonce. */
export function googleAuthRoutes(deps: {
  db: Db;
  oidc: OidcClient | undefined;
  auth: AuthService;
  users: Pick<UsersRepo, 'findByEmail'>;
  limiter: RateLimiter;
  ipLimitPer15Min: number;
  appUrl: string;
}): FastifyPluginAsyncZod {
  const redirectUri = `${deps.appUrl}/api/auth/google/callback`;
  const stateCookie = { ...cookieBase(deps.appUrl), path: '/api/auth/google', httpOnly: true };
  return async (app) => {
    app.get(
      '/api/auth/google/login',
      { config: PUBLIC_ROUTE, schema: { tags: ['auth'], summary: 'Starts Google sign-in (browser navigation)' } },
      async (req, reply) => {
        if (!deps.oidc) return reply.redirect(toCallback({ error: GOOGLE_MESSAGES.notConfigured }));
        // Each start stores a login attempt, so starts are limited per address like the other sign-in routes.
        await deps.limiter.consume({ key: `ip:google-login:${req.ip}`, max: deps.ipLimitPer15Min, windowSeconds: 900 });
        const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
        let url: string;
        try {
          url = await deps.oidc.authorizationUrl(checks, redirectUri);
        } catch (e) {
          req.log.error({ err: { message: (e as Error).message } }, 'google sign-in: discovery failed');
          return reply.redirect(toCallback({ error: GOOGLE_MESSAGES.failed }));
        }
        await deps.db.insert(oauthStates).values({ ...checks, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
        void reply.setCookie(STATE_COOKIE, checks.state, { ...stateCookie, maxAge: STATE_TTL_MS / 1000 });
        return reply.redirect(url);
      },
    );

    app.get(
      '/api/auth/google/callback',
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['auth'],
          querystring: z
            .object({ state: z.string().max(200).optional(), code: z.string().max(2000).optional(), error: z.string().max(500).optional() })
            .loose(),
        },
      },
      async (req, reply) => {
        void reply.clearCookie(STATE_COOKIE, stateCookie);
        const fail = (message: string) => reply.redirect(toCallback({ error: message }));
        if (!deps.oidc) return fail(GOOGLE_MESSAGES.notConfigured);
        const state = req.query.state;
        if (!state || state !== req.cookies[STATE_COOKIE]) return fail(GOOGLE_MESSAGES.badState);
        const [stored] = await deps.db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
        if (!stored || stored.expiresAt.getTime() < Date.now()) return fail(GOOGLE_MESSAGES.badState);
        if (req.query.error) return fail(GOOGLE_MESSAGES.failed);

        let identity;
        try {
          identity = await deps.oidc.identify(new URL(req.url, deps.appUrl), stored);
        } catch (e) {
          req.log.warn({ err: { message: (e as Error).message } }, 'google sign-in: code exchange failed');
          return fail(GOOGLE_MESSAGES.failed);
        }
        if (!identity.emailVerified) return fail(GOOGLE_MESSAGES.unverified);
        const user = await deps.users.findByEmail(identity.email);
        if (!user || user.status !== 'active') return fail(GOOGLE_MESSAGES.unknown);
        const { token, expiresAt } = await deps.auth.startSession(user.id, req.headers['user-agent']);
        setSessionCookie(reply, deps.appUrl, token, expiresAt);
        reply.issueCsrfCookie(token);
        return reply.redirect(toCallback({ email: user.email, name: fullName(user) }));
      },
    );
  };
}
