import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import { sha256Hex } from '../lib/secrets';
import { assertCan } from '../modules/access/policies';
import { SESSION_COOKIE, setSessionCookie } from './cookies';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** A session is renewed (new expiry, cookie re-sent) once it is a day older than its last renewal. */
export const SESSION_RENEW_AFTER_MS = 24 * 3600 * 1000;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: string;
  team: string;
  status: string;
  reportsTo: string | null;
  organizationId: string;
  organizationName: string;
  organizationDomain: string;
};

export type SessionRecord = { id: string; expiresAt: Date; user: SessionUser };

/**
 * What the plugin asks of the session store: the auth module's session repository (behind its
 * cache) is handed in by app.ts, so this plugin imports no module.
 */
export type SessionStore = {
  findLive(tokenHash: string): Promise<SessionRecord | null>;
  renew(sessionId: string): Promise<Date>;
};

/** The signed-in caller as services take it: modules/access's `Caller` has this shape. */
export type SignedInCaller = { id: string; email: string; role: string; organizationId: string };

export type AuthContext = { sessionId: string; token: string; user: SessionUser; via: 'cookie' | 'bearer' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null; identity comes from the session only (decision 3). */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route. By default (unset) API routes need a live session: a caller without
     * one is answered 401 before the query or body is read or validated. 'public': anyone (sign-in,
     * health, the API docs). 'any-session': any session, a deactivated user's too (the profile,
     * which tells the app that such a session is no longer valid).
     */
    access?: 'public' | 'any-session';
  }
}

/** The route option of routes anyone may call: `app.post(url, { config: PUBLIC_ROUTE, ... })`. */
export const PUBLIC_ROUTE = { access: 'public' } as const;
/** The route option of routes a deactivated user's session may call too. */
export const ANY_SESSION_ROUTE = { access: 'any-session' } as const;

const NOT_AUTHENTICATED = 'Not authenticated';
const isLive = (auth: AuthContext | null): auth is AuthContext => auth !== null && auth.user.status === 'active';

function tokenFrom(request: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  const bearer = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * Resolves the session on every API request and renews it when it is a day old (sliding expiry).
 * Then, on every API route not marked PUBLIC_ROUTE, a caller without a live session is answered 401
 * at once: before the query or body is validated, and before the body is even read.
 */
export function registerSession(app: FastifyInstance, sessions: SessionStore, appUrl: string): void {
  app.decorateRequest('auth', null);

  async function resolve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const found = tokenFrom(request);
    if (!found || found.token.length > 200) return;
    const record = await sessions.findLive(sha256Hex(found.token));
    if (!record) return;
    request.auth = { sessionId: record.id, token: found.token, user: record.user, via: found.via };
    if (record.user.status !== 'active') return;
    const renewedAt = record.expiresAt.getTime() - SESSION_TTL_MS;
    if (Date.now() - renewedAt > SESSION_RENEW_AFTER_MS) {
      const expiresAt = await sessions.renew(record.id);
      if (found.via === 'cookie') setSessionCookie(reply, appUrl, found.token, expiresAt);
      else void reply.header('x-access-token-expires-in', String(Math.floor(SESSION_TTL_MS / 1000)));
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    // Only API routes act on the caller; the SPA's files and pages need no database lookup.
    if (!request.url.startsWith('/api/')) return;
    await resolve(request, reply);
    // An unknown API path stays a 404 for everyone.
    const access = request.routeOptions.config.access;
    if (request.is404 || access === 'public') return;
    if (access === 'any-session' ? request.auth === null : !isLive(request.auth)) throw new HttpError(401, NOT_AUTHENTICATED);
  });
}

/** The caller, or 401; a deactivated user's session no longer counts. */
export function requireUser(request: FastifyRequest): AuthContext {
  const auth = request.auth;
  if (!isLive(auth)) throw new HttpError(401, NOT_AUTHENTICATED);
  const claimed = request.headers['x-user-email'];
  // The spec's X-User-Email header may only name the caller (decision 3).
  assertCan(auth.user, 'self.act', { email: typeof claimed === 'string' ? claimed : null });
  return auth;
}

/** The caller as services take it (identity, workspace, role), or 401 as requireUser answers. */
export function requireCaller(request: FastifyRequest): SignedInCaller {
  const { user } = requireUser(request);
  return { id: user.id, email: user.email, role: user.role, organizationId: user.organizationId };
}

/** The caller when their address is one of OPERATOR_EMAILS (the people who run this installation), else 403. */
export function requireOperator(request: FastifyRequest, operators: ReadonlySet<string>): AuthContext {
  const auth = requireUser(request);
  if (!operators.has(auth.user.email)) throw new HttpError(403, 'Only the operators of this Pipewise installation can do this.');
  return auth;
}
