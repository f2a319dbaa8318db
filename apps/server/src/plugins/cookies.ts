import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'access_token';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
/** HttpOnly: the pre-session id a signed-out browser's CSRF token is bound to. */
export const CSRF_BINDING_COOKIE = 'csrf_id';
export const OAUTH_STATE_COOKIE = 'oauth_state';

/** The cookies the API reads; any others belong to someone else on the same host. */
export const APP_COOKIES = [SESSION_COOKIE, CSRF_COOKIE, CSRF_BINDING_COOKIE, OAUTH_STATE_COOKIE] as const;

/** Secure everywhere except plain-http development (http://localhost). */
export function cookieBase(appUrl: string) {
  return { path: '/', sameSite: 'lax' as const, secure: appUrl.startsWith('https://') };
}

export function setSessionCookie(reply: FastifyReply, appUrl: string, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, { ...cookieBase(appUrl), httpOnly: true, expires: expiresAt });
}

export function clearSessionCookies(reply: FastifyReply, appUrl: string): void {
  for (const name of [SESSION_COOKIE, 'session_id', 'hubspotAccessToken']) {
    void reply.clearCookie(name, { ...cookieBase(appUrl), httpOnly: name === SESSION_COOKIE });
  }
}
