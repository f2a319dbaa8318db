import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingMail } from '../../../test/fakes/recording-mail';
import { execute } from '../../db/client';
import { seedDemoPeople } from '../../cli/seed';
import { otpCodes, registrationRequests, sessions, users } from '../../db/schema';
import { deriveKey, hmacHex, sha256Hex } from '../../lib/secrets';
import { authChangesDelivered } from '../../../test/auth-changes';
import { browserHeaders } from '../../../test/sessions';
import { createTestApp, csrfHeaders, TEST_CSRF_TOKEN, type TestApp } from '../../../test/test-app';

/**
 * The sign-in API over the real app: every branch of check-email, send-otp, verify-otp,
 * register-interest, session/profile, command/get-profile and session/logout with its exact text.
 */

const MSG = {
  invalidEmail: 'Please enter a valid email address',
  invalidOtpFormat: 'Please enter a valid 6-digit OTP',
  deactivated: 'This account has been deactivated. Please contact your workspace admin.',
  noAccount: 'No active account found for this email.',
  pending: 'Your account is waiting for approval.',
  sendFailed: 'Failed to send OTP. Please try again.',
  invalidOtp: 'Invalid OTP. Please try again.',
  expiredOtp: 'This OTP has expired. Please request a new one.',
  alreadyCustomer: 'This email already has an account. Please sign in.',
  notAuthenticated: 'Not authenticated',
} as const;

/** The fixed ENCRYPTION_KEY test-app.ts gives every test app. */
const TEST_ENCRYPTION_KEY = 'a1'.repeat(32);

const mail = recordingMail();
const { sent } = mail;

let t: TestApp;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp({ adapters: { mail } });
  acmeId = await seedDemoPeople(t.database.db);
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Each test starts with fresh rate-limit windows; the limits themselves are in security.test.ts.
  await t.database.db.execute(sql`delete from rate_limits`);
  mail.failure = null;
});

type Headers = Record<string, string>;

function post(url: string, payload: unknown, headers: Headers = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...csrfHeaders, ...headers } });
}

/** Cookie + CSRF headers of a signed-in browser. */
const browser = (token: string): Headers => browserHeaders(token);

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

function lastCodeFor(email: string): string {
  const message = sent.filter((m) => m.to === email).at(-1);
  expect(message, `a code mailed to ${email}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(message!.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function sendCode(email: string): Promise<string> {
  const res = await post('/api/auth/send-otp', { email });
  expect(res.statusCode, res.body).toBe(200);
  return lastCodeFor(email);
}

async function signIn(email: string, headers: Headers = {}): Promise<{ token: string; res: LightMyRequestResponse }> {
  const code = await sendCode(email);
  const res = await post('/api/auth/verify-otp', { email, otp: code }, headers);
  expect(res.statusCode, res.body).toBe(200);
  const token = cookieOf(res, 'access_token')?.value;
  expect(token).toBeTruthy();
  return { token: token!, res };
}

let userSeq = 0;
/** A user of its own in the Acme workspace, so tests that change a user never touch another test's. */
async function addUser(status = 'active'): Promise<{ id: string; email: string }> {
  userSeq += 1;
  const email = `tester${userSeq}@acme.example`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      organizationId: acmeId,
      email,
      firstName: 'Test',
      lastName: `User${userSeq}`,
      role: 'user',
      status,
      phoneNumber: '9876543210',
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

async function sessionRow(token: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256Hex(token)));
  return row;
}

describe('POST /api/auth/check-email', () => {
  it('answers an active user with their name', async () => {
    const res = await post('/api/auth/check-email', { email: 'asha@acme.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: true, status: 'active', name: 'Asha Rao' });
  });

  it('trims and lower-cases the email', async () => {
    const res = await post('/api/auth/check-email', { email: '  ASHA@Acme.Example  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: true, status: 'active', name: 'Asha Rao' });
  });

  it("answers 'pending' for a pending contact request", async () => {
    await t.database.db.insert(registrationRequests).values({
      email: 'lead@prospect.example',
      firstName: 'Lena',
      lastName: 'Lead',
      phoneNumber: '9000000001',
      numEmployees: 12,
    });
    const res = await post('/api/auth/check-email', { email: 'Lead@Prospect.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: true, status: 'pending', name: 'Lena Lead' });
  });

  it('answers exists false for an unknown email, and for a request that is no longer pending', async () => {
    const unknown = await post('/api/auth/check-email', { email: 'nobody@nowhere.example' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ exists: false, status: null, name: null });

    await t.database.db.insert(registrationRequests).values({
      email: 'turned-down@prospect.example',
      firstName: 'Tom',
      lastName: 'Down',
      phoneNumber: '9000000002',
      numEmployees: 3,
      status: 'rejected',
    });
    const rejected = await post('/api/auth/check-email', { email: 'turned-down@prospect.example' });
    expect(rejected.json()).toEqual({ exists: false, status: null, name: null });
  });

  it('refuses a deactivated user with 403 and the admin hint', async () => {
    const { email } = await addUser('deactivated');
    const res = await post('/api/auth/check-email', { email });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.deactivated });
  });

  it.each([['not-an-email'], ['a@b'], ['two words@acme.example'], [''], ['@acme.example']])(
    'answers 400 with the spec text for the invalid email %j',
    async (email) => {
      const res = await post('/api/auth/check-email', { email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: MSG.invalidEmail, errors: [{ field: 'email', message: MSG.invalidEmail }] });
    },
  );

  it('answers 400 when the email is missing or the body is not JSON', async () => {
    const missing = await post('/api/auth/check-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('email');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-email',
      headers: { ...csrfHeaders, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'Request body is not valid JSON' });
  });
});

describe('POST /api/auth/send-otp', () => {
  it("mails a 6-digit code to an active user and answers {status: 'otp_sent'}", async () => {
    const before = sent.length;
    const res = await post('/api/auth/send-otp', { email: ' Meera@ACME.example ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'otp_sent' });
    expect(sent.length).toBe(before + 1);
    const message = sent.at(-1)!;
    expect(message.to).toBe('meera@acme.example');
    const code = lastCodeFor('meera@acme.example');
    expect(message.text).toContain(code);
    expect(message.html).toContain(code);
    expect(message.subject).toContain('sign-in code');
  });

  it('answers 404 for an unknown email and mails nothing', async () => {
    const before = sent.length;
    const res = await post('/api/auth/send-otp', { email: 'ghost@acme.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.noAccount });
    expect(sent.length).toBe(before);
  });

  it('answers 403 for a pending request and for a deactivated user', async () => {
    await t.database.db.insert(registrationRequests).values({
      email: 'waiting@prospect.example',
      firstName: 'Wanda',
      lastName: 'Wait',
      phoneNumber: '9000000003',
      numEmployees: 40,
    });
    const pending = await post('/api/auth/send-otp', { email: 'waiting@prospect.example' });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ detail: MSG.pending });

    const { email } = await addUser('deactivated');
    const deactivated = await post('/api/auth/send-otp', { email });
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.json()).toEqual({ detail: MSG.deactivated });
  });

  it('answers 400 for an invalid email', async () => {
    const res = await post('/api/auth/send-otp', { email: 'rahul@acme' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.invalidEmail);
  });

  it("answers 502 'Failed to send OTP. Please try again.' when the mail sender throws, and keeps serving", async () => {
    mail.failure = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
    const failed = await post('/api/auth/send-otp', { email: 'rahul@acme.example' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ detail: MSG.sendFailed });

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    mail.failure = null;
    const { token } = await signIn('rahul@acme.example');
    const profile = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(token) });
    expect(profile.statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('signs in: the answer has the user but no token, the token is in an HttpOnly SameSite=Lax cookie', async () => {
    const code = await sendCode('priya@acme.example');
    const res = await post('/api/auth/verify-otp', { email: 'priya@acme.example', otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      user: { email: 'priya@acme.example', name: 'Priya Nair', first_name: 'Priya', last_name: 'Nair' },
    });
    expect(res.body).not.toContain('access_token');

    const session = cookieOf(res, 'access_token')!;
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.path).toBe('/');
    expect(session.secure).toBeFalsy(); // APP_URL is http://localhost
    const days = ((session.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(res.body).not.toContain(session.value);

    const csrf = cookieOf(res, 'csrf_token')!;
    expect(csrf.value).toBeTruthy();
    expect(csrf.value).not.toBe(TEST_CSRF_TOKEN); // renewed at sign-in
    expect(csrf.httpOnly).toBeFalsy(); // the SPA reads it to echo it
    expect(csrf.sameSite).toBe('Lax');

    // Only a hash of the token is stored.
    const row = await sessionRow(session.value);
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(session.value);

    // The cookie alone (with the new CSRF token) is a working session.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/session/profile',
      headers: { cookie: `access_token=${session.value}; csrf_token=${csrf.value}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('priya@acme.example');
  });

  it('sets Secure cookies when APP_URL is https', async () => {
    const secure = await createTestApp({ database: t.database, adapters: { mail }, env: { APP_URL: 'https://crm.pipewise.example' } });
    try {
      const send = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        headers: csrfHeaders,
        payload: { email: 'kavya@acme.example' },
      });
      expect(send.statusCode).toBe(200);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        headers: csrfHeaders,
        payload: { email: 'kavya@acme.example', otp: lastCodeFor('kavya@acme.example') },
      });
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res, 'access_token')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
      expect(cookieOf(res, 'csrf_token')).toMatchObject({ secure: true, sameSite: 'Lax' });
    } finally {
      await secure.close();
    }
  });

  it('returns the token to API clients that ask with X-Token-Delivery: bearer, and it works as a Bearer token', async () => {
    const code = await sendCode('rohan@acme.example');
    const res = await post('/api/auth/verify-otp', { email: 'rohan@acme.example', otp: code }, { 'x-token-delivery': 'bearer' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'rohan@acme.example', name: 'Rohan Gupta', first_name: 'Rohan', last_name: 'Gupta' });
    expect(body.user.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.access_token).toBe(cookieOf(res, 'access_token')?.value);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/session/profile',
      headers: { authorization: `Bearer ${body.user.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('rohan@acme.example');
  });

  it("answers 400 'Invalid OTP. Please try again.' for a wrong code, and the right one still works", async () => {
    const code = await sendCode('arjun@acme.example');
    const wrong = await post('/api/auth/verify-otp', { email: 'arjun@acme.example', otp: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: MSG.invalidOtp });
    expect(cookieOf(wrong, 'access_token')).toBeUndefined();
    const right = await post('/api/auth/verify-otp', { email: 'arjun@acme.example', otp: code });
    expect(right.statusCode).toBe(200);
  });

  it('answers invalid for an email that was never sent a code', async () => {
    const res = await post('/api/auth/verify-otp', { email: 'sneha@acme.example', otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.invalidOtp });
  });

  it.each([['12345'], ['1234567'], ['abcdef'], ['12 456'], [''], ['١٢٣٤٥٦']])(
    "answers 400 'Please enter a valid 6-digit OTP' for %j",
    async (otp) => {
      const res = await post('/api/auth/verify-otp', { email: 'asha@acme.example', otp });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: MSG.invalidOtpFormat, errors: [{ field: 'otp', message: MSG.invalidOtpFormat }] });
    },
  );

  it('answers 400 with the email text for an invalid email', async () => {
    const res = await post('/api/auth/verify-otp', { email: 'asha', otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MSG.invalidEmail);
  });

  it('refuses an expired code with its own message', async () => {
    const { email } = await addUser();
    const code = await sendCode(email);
    await t.database.db.execute(sql`update otp_codes set expires_at = now() - interval '1 second' where email = ${email}`);
    const res = await post('/api/auth/verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.expiredOtp });
    expect(cookieOf(res, 'access_token')).toBeUndefined();
  });

  it('gives codes that expire in 10 minutes', async () => {
    const { email } = await addUser();
    await sendCode(email);
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('is single use: the same code a second time fails', async () => {
    const { email } = await addUser();
    const code = await sendCode(email);
    expect((await post('/api/auth/verify-otp', { email, otp: code })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-otp', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: MSG.invalidOtp });
  });

  it('replaces the old code when a new one is sent', async () => {
    const { email } = await addUser();
    const first = await sendCode(email);
    let second = await sendCode(email);
    if (second === first) second = await sendCode(email); // one chance in a million
    expect(second).not.toBe(first);
    const old = await post('/api/auth/verify-otp', { email, otp: first });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ detail: MSG.invalidOtp });
    expect((await post('/api/auth/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('stores the code only as an HMAC keyed from the master key', async () => {
    const { email } = await addUser();
    const code = await sendCode(email);
    const rows = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).toBe(hmacHex(deriveKey(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'), 'otp'), `${email}:${code}`));
    expect(row.codeHash).not.toBe(sha256Hex(code));
    expect(row.attempts).toBe(0);
    // The raw table too, column by column.
    const raw = await execute(t.database.db, sql`select * from otp_codes where email = ${email}`);
    expect(JSON.stringify(raw)).not.toContain(code);
  });

  it('records last_login on sign-in', async () => {
    const { id, email } = await addUser();
    await t.database.db
      .update(users)
      .set({ lastLogin: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, id));
    const before = Date.now();
    await signIn(email);
    const [row] = await t.database.db.select({ lastLogin: users.lastLogin }).from(users).where(eq(users.id, id));
    expect(row!.lastLogin!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('refuses a valid code once the user was deactivated after the send', async () => {
    const { id, email } = await addUser();
    const code = await sendCode(email);
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, id));
    const res = await post('/api/auth/verify-otp', { email, otp: code });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.noAccount });
    expect(cookieOf(res, 'access_token')).toBeUndefined();
  });
});

describe('GET /api/session/profile and /api/command/get-profile', () => {
  let token: string;
  let vikramId: string;
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from rate_limits`);
    ({ token } = await signIn('vikram@acme.example'));
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'vikram@acme.example'));
    vikramId = row!.id;
  });

  it.each([['/api/session/profile'], ['/api/command/get-profile']])('%s answers the signed-in user', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: browser(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: vikramId,
      email: 'vikram@acme.example',
      name: 'Vikram Shah',
      first_name: 'Vikram',
      last_name: 'Shah',
      role: 'admin',
      organization_name: 'Acme Sales',
      organization_domain: 'acme.example',
      session_valid: true,
      is_operator: false,
      database_record: {
        role: 'admin',
        organization_name: 'Acme Sales',
        organization_domain: 'acme.example',
        phone_number: null,
        session_valid: true,
      },
      details: { hubspot_data: { hub_id: null, user_id: null, user: 'vikram@acme.example' } },
    });
  });

  it.each([['/api/session/profile'], ['/api/command/get-profile']])('%s answers 401 signed out or with an unknown token', async (url) => {
    for (const headers of [{}, { cookie: 'access_token=not-a-session' }, { authorization: 'Bearer not-a-session' }]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: MSG.notAuthenticated });
    }
  });

  it.each([['/api/session/profile'], ['/api/command/get-profile']])(
    '%s checks X-User-Email: yourself (any case) passes, anyone else is 403',
    async (url) => {
      const own = await t.app.inject({ method: 'GET', url, headers: { ...browser(token), 'x-user-email': ' Vikram@Acme.example ' } });
      expect(own.statusCode).toBe(200);
      const other = await t.app.inject({ method: 'GET', url, headers: { ...browser(token), 'x-user-email': 'asha@acme.example' } });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ detail: 'You can only act as yourself.' });
    },
  );

  it.each([['/api/session/profile'], ['/api/command/get-profile']])(
    '%s checks ?email= (decision 3): yourself passes, anyone else is 403',
    async (url) => {
      const own = await t.app.inject({ method: 'GET', url: `${url}?email=Vikram%40acme.example`, headers: browser(token) });
      expect(own.statusCode).toBe(200);
      expect(own.json().email).toBe('vikram@acme.example');
      const other = await t.app.inject({ method: 'GET', url: `${url}?email=asha%40acme.example`, headers: browser(token) });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ detail: 'You can only act as yourself.' });
    },
  );

  it('answers 200 with session_valid false for a deactivated user, who can use nothing else', async () => {
    const { id, email } = await addUser();
    const { token: theirs } = await signIn(email);
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, id));
    for (const url of ['/api/session/profile', '/api/command/get-profile']) {
      const res = await t.app.inject({ method: 'GET', url, headers: browser(theirs) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ email, session_valid: false, database_record: { session_valid: false } });
    }
    const users_ = await t.app.inject({ method: 'GET', url: '/api/users', headers: browser(theirs) });
    expect(users_.statusCode).toBe(401);
  });

  it('answers 401 once the user was removed (their sessions go with them)', async () => {
    const { id, email } = await addUser();
    const { token: theirs } = await signIn(email);
    await t.database.db.delete(users).where(eq(users.id, id));
    const res = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(theirs) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for an expired session', async () => {
    const { email } = await addUser();
    const { token: theirs } = await signIn(email);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(theirs)));
    const res = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(theirs) });
    expect(res.statusCode).toBe(401);
  });
});

describe('sliding renewal', () => {
  it('renews a cookie session older than a day: later expires_at and the cookie re-sent', async () => {
    const { email } = await addUser();
    const { token } = await signIn(email);

    // A fresh session is not renewed on every request.
    const fresh = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(token) });
    expect(fresh.statusCode).toBe(200);
    expect(cookieOf(fresh, 'access_token')).toBeUndefined();

    const aged = new Date(Date.now() + 5 * 86_400_000); // last renewed two days ago
    await t.database.db
      .update(sessions)
      .set({ expiresAt: aged })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    // The session is cached since the request above: the app hears of this change through NOTIFY.
    await authChangesDelivered(t.services, t.database);
    const res = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(token) });
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res, 'access_token')!;
    expect(cookie.value).toBe(token); // same session, new expiry
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect((cookie.expires as Date).getTime()).toBeGreaterThan(aged.getTime() + 86_400_000);
    const row = await sessionRow(token);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + 86_400_000);
    expect(res.headers['x-access-token-expires-in']).toBeUndefined();
  });

  it('leaves sessions alone on page and asset requests: only API calls look them up', async () => {
    const { email } = await addUser();
    const { token } = await signIn(email);
    const aged = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: aged })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/deals', headers: browser(token) });
    expect(page.statusCode).toBe(200);
    expect(cookieOf(page, 'access_token')).toBeUndefined();
    expect((await sessionRow(token))!.expiresAt.getTime()).toBe(aged.getTime());
  });

  it('tells Bearer clients with x-access-token-expires-in instead of a cookie', async () => {
    const { email } = await addUser();
    const { token } = await signIn(email);
    const aged = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: aged })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    const res = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-access-token-expires-in']).toBe(String(7 * 24 * 3600));
    expect(cookieOf(res, 'access_token')).toBeUndefined();
    expect((await sessionRow(token))!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + 86_400_000);
  });

  it('does not renew a deactivated user', async () => {
    const { id, email } = await addUser();
    const { token } = await signIn(email);
    const aged = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: aged })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, id));
    const res = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(token) });
    expect(res.json().session_valid).toBe(false);
    expect(cookieOf(res, 'access_token')).toBeUndefined();
    expect((await sessionRow(token))!.expiresAt.getTime()).toBe(aged.getTime());
  });
});

describe('POST /api/session/logout', () => {
  function expectCleared(res: LightMyRequestResponse) {
    for (const name of ['access_token', 'session_id', 'hubspotAccessToken']) {
      const c = cookieOf(res, name);
      expect(c, name).toBeDefined();
      expect(c!.value).toBe('');
      expect(c!.path).toBe('/');
      expect((c!.expires as Date).getTime()).toBeLessThan(Date.now());
    }
    expect(cookieOf(res, 'access_token')!.httpOnly).toBe(true);
  }

  it('deletes the server session and clears the cookies; the old cookie then gets 401', async () => {
    const { email } = await addUser();
    const { token } = await signIn(email);
    expect(await sessionRow(token)).toBeDefined();

    const res = await post('/api/session/logout', {}, browser(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expectCleared(res);
    expect(cookieOf(res, 'csrf_token')?.value).toBeTruthy();
    expect(await sessionRow(token)).toBeUndefined();

    const replay = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(token) });
    expect(replay.statusCode).toBe(401);
  });

  it('ends only the session it is called with', async () => {
    const { email } = await addUser();
    const { token: laptop } = await signIn(email);
    const { token: phone } = await signIn(email);
    expect((await post('/api/session/logout', undefined, browser(laptop))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(laptop) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: browser(phone) })).statusCode).toBe(200);
  });

  it('accepts the spec payload and query ({current_session_id}, ?email=)', async () => {
    const { email } = await addUser();
    const { token } = await signIn(email);
    const res = await post(`/api/session/logout?email=${encodeURIComponent(email)}`, { current_session_id: 'whatever' }, browser(token));
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('works signed out too', async () => {
    const res = await post('/api/session/logout', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expectCleared(res);
  });

  it('does not re-send a live cookie when the session being ended was due for renewal', async () => {
    const { email } = await addUser();
    const { token } = await signIn(email);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    const res = await post('/api/session/logout', {}, browser(token));
    expect(res.statusCode).toBe(200);
    const setCookies = [res.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');
    const sessionCookies = setCookies.filter((c) => c.startsWith('access_token='));
    expect(sessionCookies).toHaveLength(1);
    expect(sessionCookies[0]).toMatch(/^access_token=;/);
    expect(setCookies.join('\n')).not.toContain(token);
  });
});

describe('POST /api/auth/register-interest', () => {
  const form = {
    email: 'Nina@Newco.example',
    firstName: 'Nina',
    lastName: 'New',
    phoneNumber: '9812345678',
    numEmployees: 25,
  };

  it('stores the request, and check-email then reports pending', async () => {
    const res = await post('/api/auth/register-interest', form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending' });
    const rows = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'nina@newco.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'nina@newco.example',
      firstName: 'Nina',
      lastName: 'New',
      phoneNumber: '9812345678',
      numEmployees: 25,
      status: 'pending',
    });
    const check = await post('/api/auth/check-email', { email: 'nina@newco.example' });
    expect(check.json()).toEqual({ exists: true, status: 'pending', name: 'Nina New' });
  });

  it('updates a repeat for the same email and never duplicates it', async () => {
    const res = await post('/api/auth/register-interest', { ...form, email: 'nina@newco.example', lastName: 'Newer', numEmployees: '40' });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'nina@newco.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lastName: 'Newer', numEmployees: 40, status: 'pending' });
    const check = await post('/api/auth/check-email', { email: 'nina@newco.example' });
    expect(check.json()).toEqual({ exists: true, status: 'pending', name: 'Nina Newer' });
  });

  it('makes a rejected request pending again when the person asks again', async () => {
    await t.database.db
      .update(registrationRequests)
      .set({ status: 'rejected' })
      .where(eq(registrationRequests.email, 'nina@newco.example'));
    expect((await post('/api/auth/check-email', { email: 'nina@newco.example' })).json().status).toBeNull();
    expect((await post('/api/auth/register-interest', form)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'nina@newco.example'));
    expect(row).toMatchObject({ status: 'pending', decidedAt: null, decidedBy: null });
  });

  it('answers 409 for an email that already has an account', async () => {
    const res = await post('/api/auth/register-interest', { ...form, email: 'MEERA@acme.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: MSG.alreadyCustomer });
    const rows = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'meera@acme.example'));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['email', { email: 'nope' }, MSG.invalidEmail],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['phoneNumber', { phoneNumber: '' }, 'Phone number is required'],
    ['numEmployees', { numEmployees: 2.5 }, 'Number of employees must be a whole number'],
    ['numEmployees', { numEmployees: 0 }, undefined],
    ['numEmployees', { numEmployees: 'many' }, undefined],
  ])('answers 400 naming %s for %j', async (field, change, message) => {
    const email = 'valid@later.example';
    const res = await post('/api/auth/register-interest', { ...form, email, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
    if (message) expect(body.detail).toBe(message);
    const rows = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, email));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 when a field is missing', async () => {
    const { phoneNumber: _omit, ...rest } = form;
    const res = await post('/api/auth/register-interest', { ...rest, email: 'missing@later.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('phoneNumber');
  });
});
