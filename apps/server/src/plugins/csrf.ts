import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../lib/http-error';
import { randomToken, safeEqual } from '../lib/secrets';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, cookieBase } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function issueCsrfCookie(reply: FastifyReply, appUrl: string): string {
  const value = randomToken(24);
  void reply.setCookie(CSRF_COOKIE, value, { ...cookieBase(appUrl), httpOnly: false });
  return value;
}

/**
 * Double-submit CSRF (decision 2): every response without the cookie sets one; every
 * state-changing browser request must echo it in X-CSRF-Token and come from our own origin.
 * Requests that authenticate with a Bearer header and send no cookies are not browser-driven.
 */
export function registerCsrf(app: FastifyInstance, appUrl: string): void {
  const allowedOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    const cookieValue = request.cookies[CSRF_COOKIE];
    if (!cookieValue) issueCsrfCookie(reply, appUrl);
    if (SAFE_METHODS.has(request.method)) return;

    const origin = request.headers.origin;
    if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new HttpError(403, 'Cross-origin request refused');
    }
    const bearerOnly = /^Bearer\s/i.test(request.headers.authorization ?? '') && !request.cookies[SESSION_COOKIE];
    if (bearerOnly) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookieValue || typeof header !== 'string' || !safeEqual(header, cookieValue)) {
      throw new HttpError(403, 'Missing or invalid CSRF token. Reload the page and try again.');
    }
  });
}
