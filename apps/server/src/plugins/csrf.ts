import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_REFUSED_MESSAGE } from '@pipewise/contract/common';
import { HttpError } from '../lib/http-error';
import { randomToken, safeEqual, sha256Hex } from '../lib/secrets';
import { CSRF_BINDING_COOKIE, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, cookieBase } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = CSRF_REFUSED_MESSAGE;

/**
 * What a token is bound to: the session (the hash of its token, as the sessions table holds it)
 * when the browser sends one, else the pre-session id held in an HttpOnly cookie.
 */
export const sessionBinding = (sessionToken: string) => `session:${sha256Hex(sessionToken)}`;
export const preSessionBinding = (preSessionId: string) => `pre:${preSessionId}`;

/** `<random>.<HMAC(key, binding + "." + random)>`: only the server can make one for a binding. */
export function signCsrfToken(key: Buffer, binding: string, random = randomToken(16)): string {
  return `${random}.${createHmac('sha256', key).update(`${binding}.${random}`).digest('base64url')}`;
}

export function verifyCsrfToken(key: Buffer, binding: string, token: string): boolean {
  const dot = token.indexOf('.');
  if (dot < 1 || token.length > 200) return false;
  return safeEqual(token, signCsrfToken(key, binding, token.slice(0, dot)));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'provider-signed': a provider's servers call the route (no browser, no cookies), so there is no
     * CSRF or Origin check; the route must check the provider's signature over the request itself.
     */
    csrf?: 'provider-signed';
  }
  interface FastifyReply {
    /**
     * Sets a CSRF cookie bound to the session this reply starts (its token), or, with null, to a
     * new pre-session id (sign-out).
     */
    issueCsrfCookie(sessionToken: string | null): void;
  }
}

/** The route option of a provider's webhook: anyone may call it, it checks the provider's signature instead of CSRF. */
export const PROVIDER_WEBHOOK_ROUTE = { access: 'public', csrf: 'provider-signed' } as const;

/**
 * Signed double-submit CSRF (decision 2, OWASP's signed variant): the readable `csrf_token` cookie
 * holds an HMAC of the session id with a server key, so a token chosen by anyone else, or one
 * made for another session, is refused. Every state-changing browser request must echo the
 * cookie in X-CSRF-Token and come from our own origin. A response re-issues the cookie when it is
 * missing or does not verify for the current session, so a browser recovers on its next request.
 * Requests that authenticate with a Bearer header and send no cookies are not browser-driven.
 */
export function registerCsrf(app: FastifyInstance, appUrl: string, key: Buffer): void {
  const allowedOrigin = new URL(appUrl).origin;
  const base = cookieBase(appUrl);
  const setToken = (reply: FastifyReply, binding: string) =>
    void reply.setCookie(CSRF_COOKIE, signCsrfToken(key, binding), { ...base, httpOnly: false });
  const newPreSession = (reply: FastifyReply) => {
    const id = randomToken(24);
    void reply.setCookie(CSRF_BINDING_COOKIE, id, { ...base, httpOnly: true });
    return preSessionBinding(id);
  };

  /** The request's binding, starting a pre-session when a signed-out browser has none yet. */
  function bindingOf(request: FastifyRequest, reply: FastifyReply): string {
    const session = request.cookies[SESSION_COOKIE];
    if (session) return sessionBinding(session);
    const pre = request.cookies[CSRF_BINDING_COOKIE];
    return pre ? preSessionBinding(pre) : newPreSession(reply);
  }

  app.decorateReply('issueCsrfCookie', function (this: FastifyReply, sessionToken: string | null) {
    setToken(this, sessionToken ? sessionBinding(sessionToken) : newPreSession(this));
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.csrf === 'provider-signed') return;
    // A Bearer client without the session cookie is no browser session: it gets no CSRF cookies
    // (nothing would send them back), so its requests spend no random bytes, HMAC or Set-Cookie.
    const bearerOnly = /^Bearer\s/i.test(request.headers.authorization ?? '') && !request.cookies[SESSION_COOKIE];
    let cookieValid = false;
    const cookieValue = request.cookies[CSRF_COOKIE];
    if (!bearerOnly) {
      const binding = bindingOf(request, reply);
      cookieValid = cookieValue !== undefined && verifyCsrfToken(key, binding, cookieValue);
      if (!cookieValid) setToken(reply, binding);
    }
    if (SAFE_METHODS.has(request.method)) return;

    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new HttpError(403, 'Cross-origin request refused');
    }
    if (bearerOnly) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookieValid || cookieValue === undefined || typeof header !== 'string' || !safeEqual(header, cookieValue)) {
      throw new HttpError(403, CSRF_MESSAGE);
    }
  });
}
