import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingMail } from '../../../test/fakes/recording-mail';
import { loggerOptions } from '../../app';
import { seedDemoPeople } from '../../cli/seed';
import { registrationRequests, sessions, users } from '../../db/schema';
import { sha256Hex } from '../../lib/secrets';
import { browserHeaders } from '../../../test/sessions';
import { createTestApp, csrfHeaders, TEST_CSRF_TOKEN, type TestApp } from '../../../test/test-app';

/**
 * The sign-in security baseline (docs/architecture.md#security-baseline, decisions 1-3): OTP tries and sends, per-IP
 * limits, CSRF double-submit and Origin check, logout ending the session, and clean logs.
 */

const MSG = {
  invalidOtp: 'Invalid OTP. Please try again.',
  lockedOtp: 'Too many incorrect attempts. Please request a new OTP.',
  csrf: 'Missing or invalid CSRF token. Reload the page and try again.',
  crossOrigin: 'Cross-origin request refused',
} as const;

const mail = recordingMail();
const { sent } = mail;

/** Every log line the main app writes, and every secret this file handled, for the last test. */
const logLines: string[] = [];
const secrets = new Set<string>();

let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // The process logger's own options (redaction, serializers), at the most talkative level.
  const logger = pino(loggerOptions('trace') as pino.LoggerOptions, stream);
  t = await createTestApp({ adapters: { mail }, loggerInstance: logger });
  await seedDemoPeople(t.database.db);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limits`);
  mail.failure = null;
});

type Headers = Record<string, string>;
const post = (app: TestApp, url: string, payload: unknown, headers: Headers = csrfHeaders, remoteAddress?: string) =>
  app.app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const browser = (token: string): Headers => browserHeaders(token);
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function lastCodeFor(email: string): string {
  const code = /\b(\d{6})\b/.exec(sent.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
  expect(code, `a code mailed to ${email}`).toMatch(/^\d{6}$/);
  secrets.add(code!);
  return code!;
}

async function sendCode(email: string, app = t, remoteAddress?: string): Promise<string> {
  const res = await post(app, '/api/auth/send-otp', { email }, csrfHeaders, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return lastCodeFor(email);
}

async function signIn(email: string, headers: Headers = csrfHeaders): Promise<string> {
  const code = await sendCode(email);
  const res = await post(t, '/api/auth/verify-otp', { email, otp: code }, headers);
  expect(res.statusCode, res.body).toBe(200);
  const token = cookieOf(res, 'access_token')!.value;
  secrets.add(token);
  secrets.add(cookieOf(res, 'csrf_token')!.value);
  return token;
}

const profile = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/session/profile', headers });
const sessionCount = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)))
  ).length;

describe('one-time codes', () => {
  it('refuses the right code after 5 wrong ones (the 6th try), and a new code works again', async () => {
    const email = 'rahul@acme.example';
    const code = await sendCode(email);
    for (let i = 1; i <= 5; i++) {
      const wrong = await post(t, '/api/auth/verify-otp', { email, otp: otherCode(String(Number(code) + i - 1)) });
      expect(wrong.statusCode, `wrong try ${i}`).toBe(400);
      expect(wrong.json()).toEqual({ detail: MSG.invalidOtp });
    }
    const right = await post(t, '/api/auth/verify-otp', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ detail: MSG.lockedOtp });
    expect(cookieOf(right, 'access_token')).toBeUndefined();
    const stillLocked = await post(t, '/api/auth/verify-otp', { email, otp: code });
    expect(stillLocked.json()).toEqual({ detail: MSG.lockedOtp });

    const fresh = await sendCode(email);
    const ok = await post(t, '/api/auth/verify-otp', { email, otp: fresh });
    expect(ok.statusCode).toBe(200);
    secrets.add(cookieOf(ok, 'access_token')!.value);
  });

  it('still accepts the right code after 4 wrong ones (the 5th try)', async () => {
    const email = 'priya@acme.example';
    const code = await sendCode(email);
    for (let i = 1; i <= 4; i++) {
      expect((await post(t, '/api/auth/verify-otp', { email, otp: otherCode(String(Number(code) + i - 1)) })).statusCode).toBe(400);
    }
    const right = await post(t, '/api/auth/verify-otp', { email, otp: code });
    expect(right.statusCode).toBe(200);
    secrets.add(cookieOf(right, 'access_token')!.value);
  });

  it('cannot be out-guessed in parallel: 20 simultaneous wrong tries use up the code', async () => {
    const email = 'arjun@acme.example';
    const code = await sendCode(email);
    const guesses = Array.from({ length: 20 }, (_, i) => otherCode(String(Number(code) + i)));
    const answers = await Promise.all(guesses.map((otp) => post(t, '/api/auth/verify-otp', { email, otp })));
    expect(answers.every((r) => r.statusCode === 400)).toBe(true);
    expect(answers.filter((r) => r.json().detail === MSG.invalidOtp)).toHaveLength(5);
    expect((await post(t, '/api/auth/verify-otp', { email, otp: code })).json()).toEqual({ detail: MSG.lockedOtp });
  });

  it('answers the 6th send for one email in an hour with 429, Retry-After and a clear message', async () => {
    const email = 'kavya@acme.example';
    const before = sent.length;
    // Case and spaces do not make a different email.
    for (const variant of [email, 'KAVYA@acme.example', ' kavya@ACME.EXAMPLE ', email, email]) {
      expect((await post(t, '/api/auth/send-otp', { email: variant })).statusCode).toBe(200);
    }
    expect(sent.length).toBe(before + 5);
    const sixth = await post(t, '/api/auth/send-otp', { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ detail: 'Too many OTP requests for this email. Please try again in 60 minutes.' });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(sent.length).toBe(before + 5); // nothing mailed

    // From another address too: the limit is per email, not per connection.
    const elsewhere = await post(t, '/api/auth/send-otp', { email }, csrfHeaders, '192.0.2.77');
    expect(elsewhere.statusCode).toBe(429);
    // Another email is not affected.
    expect((await post(t, '/api/auth/send-otp', { email: 'rohan@acme.example' })).statusCode).toBe(200);
  });
});

describe('per-IP limits (AUTH_IP_LIMIT=3)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ database: t.database, adapters: { mail }, env: { AUTH_IP_LIMIT: '3' } });
  });
  afterAll(() => limited?.close());

  function expect429(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ detail: 'Too many requests. Please try again in 15 minutes.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  }

  it('limits check-email per IP, ignoring X-Forwarded-For without TRUST_PROXY', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 3; i++) {
      const res = await post(limited, '/api/auth/check-email', { email: `someone${i}@acme.example` }, csrfHeaders, ip);
      expect(res.statusCode).toBe(200);
    }
    expect429(await post(limited, '/api/auth/check-email', { email: 'asha@acme.example' }, csrfHeaders, ip));
    expect429(
      await post(
        limited,
        '/api/auth/check-email',
        { email: 'asha@acme.example' },
        { ...csrfHeaders, 'x-forwarded-for': '203.0.113.9' },
        ip,
      ),
    );
    // Another address is counted on its own.
    expect((await post(limited, '/api/auth/check-email', { email: 'asha@acme.example' }, csrfHeaders, '198.51.100.2')).statusCode).toBe(
      200,
    );
  });

  it('limits send-otp per IP across emails, and mails nothing once limited', async () => {
    const ip = '198.51.100.3';
    for (const email of ['meera@acme.example', 'sneha@acme.example', 'ghost@acme.example']) {
      const res = await post(limited, '/api/auth/send-otp', { email }, csrfHeaders, ip);
      expect(res.statusCode).not.toBe(429);
    }
    const before = sent.length;
    expect429(await post(limited, '/api/auth/send-otp', { email: 'vikram@acme.example' }, csrfHeaders, ip));
    expect(sent.length).toBe(before);
    // The other routes keep their own count for this address.
    expect((await post(limited, '/api/auth/check-email', { email: 'vikram@acme.example' }, csrfHeaders, ip)).statusCode).toBe(200);
  });

  it('limits verify-otp per IP without burning the code', async () => {
    const ip = '198.51.100.4';
    const email = 'rohan@acme.example';
    const code = await sendCode(email, limited, '198.51.100.40');
    for (let i = 0; i < 3; i++) {
      const res = await post(limited, '/api/auth/verify-otp', { email, otp: otherCode(String(Number(code) + i)) }, csrfHeaders, ip);
      expect(res.json()).toEqual({ detail: MSG.invalidOtp });
    }
    const limitedTry = await post(limited, '/api/auth/verify-otp', { email, otp: code }, csrfHeaders, ip);
    expect429(limitedTry);
    expect(cookieOf(limitedTry, 'access_token')).toBeUndefined();
    // The code itself was not used up by the refused request.
    const fromElsewhere = await post(limited, '/api/auth/verify-otp', { email, otp: code }, csrfHeaders, '198.51.100.5');
    expect(fromElsewhere.statusCode).toBe(200);
    secrets.add(cookieOf(fromElsewhere, 'access_token')!.value);
  });

  it('limits register-interest per IP', async () => {
    const ip = '198.51.100.6';
    const form = { firstName: 'Flo', lastName: 'Od', phoneNumber: '9876543210', numEmployees: 5 };
    for (let i = 0; i < 3; i++) {
      expect(
        (await post(limited, '/api/auth/register-interest', { ...form, email: `flood${i}@spam.example` }, csrfHeaders, ip)).statusCode,
      ).toBe(200);
    }
    expect429(await post(limited, '/api/auth/register-interest', { ...form, email: 'flood9@spam.example' }, csrfHeaders, ip));
    const stored = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'flood9@spam.example'));
    expect(stored).toHaveLength(0);
  });
});

describe('CSRF (decision 2)', () => {
  let token: string;
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from rate_limits`);
    token = await signIn('asha@acme.example');
  });

  it('gives a readable csrf_token cookie to a signed-out visitor on any response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csrf = cookieOf(res, 'csrf_token')!;
    expect(csrf.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.sameSite).toBe('Lax');
    expect(csrf.path).toBe('/');
    // Bound to a pre-session id the page cannot read.
    const preSession = cookieOf(res, 'csrf_id')!;
    expect(preSession.httpOnly).toBe(true);
    expect(preSession.sameSite).toBe('Lax');
    // Not re-issued while the browser has them.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: `csrf_id=${preSession.value}; csrf_token=${csrf.value}` },
    });
    expect(cookieOf(again, 'csrf_token')).toBeUndefined();
    expect(cookieOf(again, 'csrf_id')).toBeUndefined();
  });

  it('refuses a state-changing request without X-CSRF-Token with 403, and nothing changes', async () => {
    const noHeader = { cookie: browser(token).cookie! };

    const logout = await post(t, '/api/session/logout', {}, noHeader);
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual({ detail: MSG.csrf });
    expect(cookieOf(logout, 'access_token')).toBeUndefined();
    expect(await sessionCount(token)).toBe(1);
    expect((await profile(noHeader)).statusCode).toBe(200);

    const interest = await post(
      t,
      '/api/auth/register-interest',
      {
        email: 'csrf-victim@prospect.example',
        firstName: 'C',
        lastName: 'V',
        phoneNumber: '9876543210',
        numEmployees: 3,
      },
      { cookie: csrfHeaders.cookie },
    );
    expect(interest.statusCode).toBe(403);
    expect(interest.json()).toEqual({ detail: MSG.csrf });
    expect(
      await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'csrf-victim@prospect.example')),
    ).toHaveLength(0);

    const before = sent.length;
    const send = await post(t, '/api/auth/send-otp', { email: 'meera@acme.example' }, { cookie: csrfHeaders.cookie });
    expect(send.statusCode).toBe(403);
    expect(sent.length).toBe(before);

    const [sneha] = await t.database.db.select().from(users).where(eq(users.email, 'sneha@acme.example'));
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${sneha!.id}`,
      headers: noHeader,
      payload: { status: 'deactivated' },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({ detail: MSG.csrf });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, sneha!.id));
    expect(after!.status).toBe('active');
  });

  it('does not let a CSRF-refused verify-otp use up the code', async () => {
    const email = 'meera@acme.example';
    const code = await sendCode(email);
    const refused = await post(t, '/api/auth/verify-otp', { email, otp: code }, { cookie: csrfHeaders.cookie });
    expect(refused.statusCode).toBe(403);
    expect(cookieOf(refused, 'access_token')).toBeUndefined();
    const ok = await post(t, '/api/auth/verify-otp', { email, otp: code });
    expect(ok.statusCode).toBe(200);
    secrets.add(cookieOf(ok, 'access_token')!.value);
  });

  it('refuses a token without the cookie, a cookie without the token, and a mismatch', async () => {
    const valid = browser(token)['x-csrf-token']!;
    const cases: Headers[] = [
      { cookie: `access_token=${token}`, 'x-csrf-token': valid },
      { cookie: `csrf_token=${valid}; access_token=${token}`, 'x-csrf-token': '' },
      { cookie: `csrf_token=${valid}; access_token=${token}`, 'x-csrf-token': `${valid}x` },
      { cookie: `csrf_token=${valid}; access_token=${token}`, 'x-csrf-token': 'a-different-token-of-any-length' },
    ];
    for (const headers of cases) {
      const res = await post(t, '/api/session/logout', {}, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: MSG.csrf });
    }
    expect(await sessionCount(token)).toBe(1);
  });

  it('refuses a wrong Origin even with a valid token; our own origin passes', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const res = await post(t, '/api/auth/check-email', { email: 'asha@acme.example' }, { ...browser(token), origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ detail: MSG.crossOrigin });
    }
    const logout = await post(t, '/api/session/logout', {}, { ...browser(token), origin: 'https://evil.example' });
    expect(logout.statusCode).toBe(403);
    expect(await sessionCount(token)).toBe(1);

    const own = await post(
      t,
      '/api/auth/check-email',
      { email: 'asha@acme.example' },
      { ...browser(token), origin: 'http://localhost:3000' },
    );
    expect(own.statusCode).toBe(200);
  });

  it('lets a Bearer-only request through without a CSRF token, but not one that also carries the session cookie', async () => {
    const bearer = await signIn('vikram@acme.example');
    const withCookie = await post(t, '/api/session/logout', undefined, {
      authorization: `Bearer ${bearer}`,
      cookie: `access_token=${bearer}`,
    });
    expect(withCookie.statusCode).toBe(403);
    expect(await sessionCount(bearer)).toBe(1);

    const res = await post(t, '/api/session/logout', undefined, { authorization: `Bearer ${bearer}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect(await sessionCount(bearer)).toBe(0);
    expect((await profile({ authorization: `Bearer ${bearer}` })).statusCode).toBe(401);
  });
});

describe('logout ends the session on the server', () => {
  it('answers 401 to a stolen cookie replayed after logout', async () => {
    const token = await signIn('sneha@acme.example');
    const stolen = { cookie: `access_token=${token}` };
    expect((await profile(stolen)).statusCode).toBe(200);

    const logout = await post(t, '/api/session/logout', {}, browser(token));
    expect(logout.statusCode).toBe(200);

    for (const url of ['/api/session/profile', '/api/command/get-profile', '/api/users']) {
      const replay = await t.app.inject({ method: 'GET', url, headers: stolen });
      expect(replay.statusCode, url).toBe(401);
      expect(replay.json()).toEqual({ detail: 'Not authenticated' });
    }
    expect((await profile({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    // Replaying it on a state-changing route does not revive anything either.
    const again = await post(t, '/api/session/logout', {}, browser(token));
    expect(again.statusCode).toBe(200);
    expect((await profile(stolen)).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a code, a session token, a CSRF token or a cookie, through a full sign-in', async () => {
    const email = 'meera@acme.example';
    const marker = 'log-audit-1';
    const withId = (h: Headers) => ({ ...h, 'x-request-id': marker });

    await post(t, '/api/auth/check-email', { email }, withId(csrfHeaders));
    mail.failure = new Error('SMTP down');
    expect((await post(t, '/api/auth/send-otp', { email }, withId(csrfHeaders))).statusCode).toBe(502);
    mail.failure = null;
    const code = await sendCode(email);
    await post(t, '/api/auth/verify-otp', { email, otp: otherCode(code) }, withId(csrfHeaders));
    const verified = await post(t, '/api/auth/verify-otp', { email, otp: code }, withId({ ...csrfHeaders, 'x-token-delivery': 'bearer' }));
    expect(verified.statusCode).toBe(200);
    const token = verified.json().user.access_token as string;
    secrets.add(token);
    const csrf = cookieOf(verified, 'csrf_token')!.value;
    secrets.add(csrf);
    const signedIn = { cookie: `csrf_token=${csrf}; access_token=${token}`, 'x-csrf-token': csrf };
    expect((await profile(withId(signedIn))).statusCode).toBe(200);
    expect((await profile(withId({ authorization: `Bearer ${token}` }))).statusCode).toBe(200);
    expect((await post(t, `/api/session/logout?email=${email}`, {}, withId(signedIn))).statusCode).toBe(200);

    // The logger really was listening: request lines with our id and the mail failure.
    expect(logLines.filter((l) => l.includes(marker)).length).toBeGreaterThanOrEqual(10);
    expect(logLines.some((l) => l.includes('sign-in code mail failed'))).toBe(true);

    expect(secrets.size).toBeGreaterThan(10);
    const all = logLines.join('\n');
    // Whole values only: a six-digit code also occurs inside longer numbers such as timestamps.
    const whole = (value: string) => new RegExp(`(?<![A-Za-z0-9_-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`);
    for (const secret of secrets) expect(all, 'a secret in the logs').not.toMatch(whole(secret));
    expect(all).not.toContain(TEST_CSRF_TOKEN);
    expect(all).not.toMatch(/access_token=/);
    expect(all).not.toMatch(/csrf_token=/);
    expect(all).not.toMatch(/Bearer /i);
  });
});
