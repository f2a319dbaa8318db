import { createHash } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, organizations, registrationRequests, sessions, users } from '../../db/schema';
import { sha256Hex } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../test/fakes/oidc-provider';
import { execute } from '../../db/client';

/**
 * Google sign-in (OpenID Connect with state, PKCE and nonce) against a real OIDC provider
 * (oauth2-mock-server): the happy path, forged/reused/expired state, provider errors, the
 * refused identities and the not-configured app.
 */

const MSG = {
  notConfigured: 'Google sign-in is not configured for this workspace. Please sign in with your email.',
  failed: 'Google sign-in failed. Please try again.',
  badState: 'Your Google sign-in expired or did not start here. Please try again.',
  unverified: 'Your Google account email is not verified.',
  unknown: 'No active Pipewise account uses this Google email. Ask your admin to add you, or drop us your contact.',
} as const;

const CLIENT_ID = 'pipewise-test-client';
const CALLBACK = 'http://localhost:3000/api/auth/google/callback';

let provider: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startFakeOidcProvider();
  t = await createTestApp({
    env: { GOOGLE_ISSUER: provider.issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-client-secret' },
  });
  const { db } = t.database;
  const [org] = await db.insert(organizations).values({ name: 'Acme Sales', domain: 'acme.example' }).returning({ id: organizations.id });
  await db.insert(users).values([
    { organizationId: org!.id, email: 'asha@acme.example', firstName: 'Asha', lastName: 'Rao', role: 'super_admin' },
    { organizationId: org!.id, email: 'meera@acme.example', firstName: 'Meera', lastName: 'Iyer', role: 'user' },
    { organizationId: org!.id, email: 'gone@acme.example', firstName: 'Gone', lastName: 'Away', status: 'deactivated' },
  ]);
  await db.insert(registrationRequests).values({
    email: 'waiting@acme.example',
    firstName: 'Wanda',
    lastName: 'Wait',
    phoneNumber: '9000000001',
    numEmployees: 10,
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

type Login = { authorizeUrl: URL; state: string; res: LightMyRequestResponse };

async function startLogin(app: TestApp = t): Promise<Login> {
  const res = await app.app.inject({ method: 'GET', url: '/api/auth/google/login' });
  expect(res.statusCode, res.body).toBe(302);
  const state = cookieOf(res, 'oauth_state')?.value;
  expect(state).toBeTruthy();
  return { authorizeUrl: new URL(res.headers.location as string), state: state!, res };
}

/** The browser's trip to the provider: it answers with a redirect to our callback carrying code and state. */
async function authorize(login: Login): Promise<URL> {
  const res = await fetch(login.authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(login.state);
  expect(back.searchParams.get('code')).toBeTruthy();
  return back;
}

function callback(url: URL | string, stateCookie: string | undefined, app: TestApp = t): Promise<LightMyRequestResponse> {
  const u = typeof url === 'string' ? new URL(url, 'http://localhost:3000') : url;
  return app.app.inject({
    method: 'GET',
    url: `${u.pathname}${u.search}`,
    headers: stateCookie === undefined ? {} : { cookie: `oauth_state=${stateCookie}` },
  });
}

/** The landing URL on /oauth-callback and its query. */
function landing(res: LightMyRequestResponse): Record<string, string> {
  expect(res.statusCode, res.body).toBe(302);
  const location = res.headers.location as string;
  expect(location.startsWith('/oauth-callback?')).toBe(true);
  return Object.fromEntries(new URL(location, 'http://localhost:3000').searchParams);
}

function expectRefused(res: LightMyRequestResponse, message: string) {
  expect(landing(res)).toEqual({ error: message });
  expect(cookieOf(res, 'access_token')).toBeUndefined();
}

async function sessionCount(): Promise<number> {
  const [row] = await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions`);
  return row!.n;
}

describe('GET /api/auth/google/login', () => {
  it('redirects to the issuer with state, nonce, PKCE S256 and redirect_uri from APP_URL, and sets an HttpOnly state cookie', async () => {
    const { authorizeUrl, state, res } = await startLogin();
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${provider.issuer}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('state')).toBe(state);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // What the server keeps: the verifier behind the challenge and the nonce; never in the URL.
    const [stored] = await t.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(stored).toBeDefined();
    expect(stored!.nonce).toBe(q.get('nonce'));
    expect(createHash('sha256').update(stored!.codeVerifier).digest('base64url')).toBe(q.get('code_challenge'));
    expect(authorizeUrl.toString()).not.toContain(stored!.codeVerifier);
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const cookie = cookieOf(res, 'oauth_state')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/api/auth/google');
    expect(cookie.maxAge).toBe(600);

    // Every attempt gets its own state, nonce and verifier.
    const second = await startLogin();
    expect(second.state).not.toBe(state);
    expect(second.authorizeUrl.searchParams.get('nonce')).not.toBe(q.get('nonce'));
    expect(second.authorizeUrl.searchParams.get('code_challenge')).not.toBe(q.get('code_challenge'));
  });

  it('derives the redirect URI from an https APP_URL and marks the state cookie Secure', async () => {
    const prod = await createTestApp({
      database: t.database,
      env: {
        APP_URL: 'https://crm.pipewise.example',
        GOOGLE_ISSUER: provider.issuer,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
      },
    });
    try {
      const { authorizeUrl, res } = await startLogin(prod);
      expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('https://crm.pipewise.example/api/auth/google/callback');
      expect(cookieOf(res, 'oauth_state')!.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/auth/google/login rate limit', () => {
  it('limits starts per IP address: the next one gets 429 with Retry-After and stores no state', async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { AUTH_IP_LIMIT: '2', GOOGLE_ISSUER: provider.issuer, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-client-secret' },
    });
    try {
      const login = () => limited.app.inject({ method: 'GET', url: '/api/auth/google/login', remoteAddress: '203.0.113.77' });
      expect((await login()).statusCode).toBe(302);
      expect((await login()).statusCode).toBe(302);
      const states = await limited.database.db.select().from(oauthStates);
      const third = await login();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.database.db.select().from(oauthStates)).toHaveLength(states.length);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/auth/google/callback', () => {
  it('signs in an active, verified user: session cookie, 302 to /oauth-callback with email and name, no token in the URL', async () => {
    provider.setIdentity({ email: 'Asha@Acme.Example', email_verified: true, name: 'Asha R.' });
    const login = await startLogin();
    const back = await authorize(login);
    const before = Date.now();
    const res = await callback(back, login.state);

    expect(landing(res)).toEqual({ email: 'asha@acme.example', name: 'Asha Rao' });
    const session = cookieOf(res, 'access_token')!;
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.path).toBe('/');
    const location = res.headers.location as string;
    expect(location).not.toContain(session.value);
    expect(location).not.toMatch(/token|code=|state=/i);
    expect(cookieOf(res, 'csrf_token')?.value).toBeTruthy();
    const cleared = cookieOf(res, 'oauth_state')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth/google');

    // The state is used up, the session is real and belongs to Asha.
    expect(await t.database.db.select().from(oauthStates).where(eq(oauthStates.state, login.state))).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(session.value)));
    expect(row).toBeDefined();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/session/profile',
      headers: { cookie: `access_token=${session.value}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'asha@acme.example', role: 'super_admin', session_valid: true });
    const [asha] = await t.database.db.select().from(users).where(eq(users.email, 'asha@acme.example'));
    expect(asha!.lastLogin!.getTime()).toBeGreaterThanOrEqual(before - 5_000);

    // Reusing the same state (a replayed callback) is refused and makes no second session.
    const sessionsBefore = await sessionCount();
    const replay = await callback(back, login.state);
    expectRefused(replay, MSG.badState);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('refuses a forged state: cookie mismatch, no cookie, or a state this server never issued', async () => {
    provider.setIdentity({ email: 'asha@acme.example' });
    const victim = await startLogin();
    const back = await authorize(victim);
    const attacker = await startLogin();
    const sessionsBefore = await sessionCount();

    // The callback URL of one login with another browser's state cookie.
    expectRefused(await callback(back, attacker.state), MSG.badState);
    // No state cookie at all.
    expectRefused(await callback(back, undefined), MSG.badState);
    // State and cookie agree but the server never started that login.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expectRefused(await callback(forged, 'forged-state-value'), MSG.badState);
    // No state in the URL.
    const stateless = new URL(back);
    stateless.searchParams.delete('state');
    expectRefused(await callback(stateless, victim.state), MSG.badState);
    expect(await sessionCount()).toBe(sessionsBefore);

    // A refused attempt did not burn the victim's own login: with its cookie it still completes.
    const ok = await callback(back, victim.state);
    expect(landing(ok)).toEqual({ email: 'asha@acme.example', name: 'Asha Rao' });
  });

  it('refuses an expired state', async () => {
    provider.setIdentity({ email: 'asha@acme.example' });
    const login = await startLogin();
    const back = await authorize(login);
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.state, login.state));
    expectRefused(await callback(back, login.state), MSG.badState);
  });

  it('refuses a provider error and uses up the state', async () => {
    const login = await startLogin();
    const res = await callback(
      `/api/auth/google/callback?state=${login.state}&error=access_denied&error_description=User+said+no`,
      login.state,
    );
    expectRefused(res, MSG.failed);
    expect(await t.database.db.select().from(oauthStates).where(eq(oauthStates.state, login.state))).toHaveLength(0);
  });

  it('refuses a code the provider does not accept', async () => {
    const login = await startLogin();
    await authorize(login);
    expectRefused(await callback(`/api/auth/google/callback?state=${login.state}&code=made-up-code`, login.state), MSG.failed);
  });

  it('sends the PKCE verifier and checks the nonce: tampering with either fails the exchange', async () => {
    provider.setIdentity({ email: 'asha@acme.example' });
    const pkce = await startLogin();
    const pkceBack = await authorize(pkce);
    await t.database.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(64) })
      .where(eq(oauthStates.state, pkce.state));
    expectRefused(await callback(pkceBack, pkce.state), MSG.failed);

    const nonce = await startLogin();
    const nonceBack = await authorize(nonce);
    await t.database.db.update(oauthStates).set({ nonce: 'not-the-nonce-that-was-sent' }).where(eq(oauthStates.state, nonce.state));
    expectRefused(await callback(nonceBack, nonce.state), MSG.failed);
  });

  it.each([
    ['an unknown email', { email: 'stranger@other.example', email_verified: true }, MSG.unknown],
    // A workspace's domain gives no one an account: only an admin's add or approval does.
    ["a new address at a workspace's domain", { email: 'newcomer@acme.example', email_verified: true }, MSG.unknown],
    ['an unverified email', { email: 'meera@acme.example', email_verified: false }, MSG.unverified],
    ['a pending contact request', { email: 'waiting@acme.example', email_verified: true }, MSG.unknown],
    ['a deactivated user', { email: 'gone@acme.example', email_verified: true }, MSG.unknown],
  ])('refuses %s with its message and no session', async (_label, identity, message) => {
    provider.setIdentity(identity);
    const sessionsBefore = await sessionCount();
    const login = await startLogin();
    const back = await authorize(login);
    expectRefused(await callback(back, login.state), message);
    expect(await sessionCount()).toBe(sessionsBefore);
  });
});

describe('Google sign-in not configured', () => {
  it('redirects login and callback to /oauth-callback with the not-configured message', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const login = await plain.app.inject({ method: 'GET', url: '/api/auth/google/login' });
      expectRefused(login, MSG.notConfigured);
      expect(cookieOf(login, 'oauth_state')).toBeUndefined();
      const cb = await plain.app.inject({
        method: 'GET',
        url: '/api/auth/google/callback?state=x&code=y',
        headers: { cookie: 'oauth_state=x' },
      });
      expectRefused(cb, MSG.notConfigured);
    } finally {
      await plain.close();
    }
  });

  it('redirects with the failure message when the issuer cannot be reached, and stores no state', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const broken = await createTestApp({
      database: t.database,
      env: { GOOGLE_ISSUER: `http://127.0.0.1:${port}`, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-client-secret' },
    });
    try {
      const statesBefore = (await t.database.db.select().from(oauthStates)).length;
      const login = await broken.app.inject({ method: 'GET', url: '/api/auth/google/login' });
      expectRefused(login, MSG.failed);
      expect(cookieOf(login, 'oauth_state')).toBeUndefined();
      expect((await t.database.db.select().from(oauthStates)).length).toBe(statesBefore);
    } finally {
      await broken.close();
    }
  });
});
