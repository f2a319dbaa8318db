import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingMail } from '../../test/fakes/recording-mail';
import { browserHeaders, signIn, type TestSession } from '../../test/sessions';
import { createTestApp, csrfHeaders, csrfTokenFor, type TestApp } from '../../test/test-app';
import { CSRF_MESSAGE, preSessionBinding, sessionBinding } from './csrf';

/** The signed double-submit token: an HMAC of the session (or pre-session) id with the server key. */

const mail = recordingMail();
let t: TestApp;
let a: TestSession;
let b: TestSession;
beforeAll(async () => {
  t = await createTestApp({ seed: true, adapters: { mail } });
  a = await signIn(t.database.db, 'kavya@acme.example');
  b = await signIn(t.database.db, 'rohan@acme.example');
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;
/** A harmless state-changing call that needs no session: 200 once the CSRF check passes. */
const checkEmail = (headers: Headers) =>
  t.app.inject({ method: 'POST', url: '/api/auth/check-email', headers, payload: { email: 'asha@acme.example' } });
/** A signed-in write (an edit that changes nothing but passes every check). */
const signedInWrite = (headers: Headers) =>
  t.app.inject({ method: 'PUT', url: '/api/users/update_user/x@y.example', headers, payload: {} });
const pair = (cookie: string, token: string): Headers => ({ cookie: `${cookie}; csrf_token=${token}`, 'x-csrf-token': token });

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ detail: CSRF_MESSAGE });
}

describe('signed CSRF tokens', () => {
  it('refuse a self-chosen cookie and header pair, signed in or out', async () => {
    for (const token of ['attacker-chosen', 'abc.def', `${'A'.repeat(22)}.${'B'.repeat(43)}`]) {
      expectRefused(await checkEmail(pair('csrf_id=anything', token)));
      expectRefused(await signedInWrite(pair(`access_token=${a.token}`, token)));
    }
  });

  it("refuse a token made for session A with session B's cookie", async () => {
    const tokenOfA = a.headers['x-csrf-token'];
    expectRefused(await signedInWrite(pair(`access_token=${b.token}`, tokenOfA)));
    // Each passes the CSRF check with its own (the route then answers for itself: 403 for the wrong email).
    for (const who of [a, b]) {
      const res = await signedInWrite(who.headers);
      expect(res.json()).not.toEqual({ detail: CSRF_MESSAGE });
    }
  });

  it('bind a signed-out token to the pre-session id', async () => {
    const token = csrfTokenFor(preSessionBinding('pre-one'));
    expect((await checkEmail(pair('csrf_id=pre-one', token))).statusCode).toBe(200);
    expectRefused(await checkEmail(pair('csrf_id=pre-two', token)));
    expectRefused(await checkEmail(pair('', token)));
    // A session's token is no pre-session token either.
    expectRefused(await checkEmail(pair('csrf_id=pre-one', csrfTokenFor(sessionBinding(a.token)))));
  });

  it('pass with a valid token, signed in or out; Bearer-only clients stay exempt', async () => {
    expect((await checkEmail(csrfHeaders)).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'POST', url: '/api/auth/check-email', headers: a.headers, payload: { email: a.email } });
    expect(write.statusCode).toBe(200);
    const bearer = await t.app.inject({ method: 'POST', url: '/api/auth/check-email', headers: a.bearer, payload: { email: a.email } });
    expect(bearer.statusCode).toBe(200);
  });

  it('issue no CSRF cookies to Bearer-only clients, and still to a browser signed out or without one', async () => {
    for (const url of ['/api/session/profile', '/api/deal/get-deals-user-hierarchy?page=1&page_size=25']) {
      const bearer = await t.app.inject({ method: 'GET', url, headers: a.bearer });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.headers['set-cookie']).toBeUndefined();
      const browser = await t.app.inject({ method: 'GET', url, headers: { cookie: `access_token=${a.token}` } });
      expect(cookieOf(browser, 'csrf_token')).toBeTruthy();
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/session/profile' });
    expect(cookieOf(signedOut, 'csrf_id')).toBeTruthy();
    expect(cookieOf(signedOut, 'csrf_token')).toBeTruthy();
  });

  it('re-bind at sign-in: the pre-session token no longer works, the one issued with the session does', async () => {
    const email = 'sneha@acme.example';
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', headers: csrfHeaders, payload: { email } })).statusCode).toBe(
      200,
    );
    const otp = /\b(\d{6})\b/.exec(mail.sent.filter((m) => m.to === email).at(-1)!.text)![1];
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', headers: csrfHeaders, payload: { email, otp } });
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res, 'access_token')!;
    const issued = cookieOf(res, 'csrf_token')!;

    // The browser now holds the session, its old pre-session id and the new token.
    const stale = pair(`access_token=${session}; ${csrfHeaders.cookie.split(';')[0]}`, csrfHeaders['x-csrf-token']);
    expectRefused(await signedInWrite(stale));
    const fresh = await signedInWrite(pair(`access_token=${session}`, issued));
    expect(fresh.json()).not.toEqual({ detail: CSRF_MESSAGE });

    // Sign-out re-binds to a new pre-session.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: pair(`access_token=${session}`, issued),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const preSession = cookieOf(out, 'csrf_id')!;
    const signedOut = cookieOf(out, 'csrf_token')!;
    expect(signedOut).not.toBe(issued);
    expectRefused(await checkEmail(pair(`csrf_id=${preSession}`, issued)));
    expect((await checkEmail(pair(`csrf_id=${preSession}`, signedOut))).statusCode).toBe(200);
  });

  it('answer a stale token with 403 and a re-issued cookie that works on the retry', async () => {
    const staleToken = csrfTokenFor(sessionBinding(b.token));
    const refused = await signedInWrite(pair(`access_token=${a.token}`, staleToken));
    expectRefused(refused);
    const reissued = cookieOf(refused, 'csrf_token')!;
    expect(reissued).toBeTruthy();
    const retry = await signedInWrite(pair(`access_token=${a.token}`, reissued));
    expect(retry.json()).not.toEqual({ detail: CSRF_MESSAGE });
    // A valid cookie is left alone.
    const again = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browserHeaders(a.token) });
    expect(cookieOf(again, 'csrf_token')).toBeUndefined();
  });
});
