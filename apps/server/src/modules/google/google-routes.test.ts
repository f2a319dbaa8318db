import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_CONNECT_MESSAGES as MSG, type TGoogleStatus } from '@pipewise/contract/calendar';
import { execute } from '../../db/client';
import { googleConnections, googleConnectStates } from '../../db/schema';
import { startFakeGoogle, startFakeGoogleOAuth, type FakeGoogleOAuth, type FakeGoogleServer } from '../../../test/fakes/google-server';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Connecting Google (mail and calendar) against a real OAuth provider (oauth2-mock-server):
 * state bound to the user and single use, PKCE S256, the redirect URI from APP_URL, granted
 * scopes deciding Connected or Partially Connected, Gmail drafts, disconnect with revocation,
 * and an installation without Google.
 */

const SETTINGS = 'http://localhost:3000/dashboard/settings';
const MAIL = 'https://www.googleapis.com/auth/gmail.compose';
const CALENDAR = 'https://www.googleapis.com/auth/calendar.events';
const DRIVE = 'https://www.googleapis.com/auth/drive.readonly';

let oauth: FakeGoogleOAuth;
let google: FakeGoogleServer;
let t: TestApp;
let rahul: TestSession;
let priya: TestSession;

beforeAll(async () => {
  oauth = await startFakeGoogleOAuth('rahul.verma@gmail.example');
  google = await startFakeGoogle();
  t = await createTestApp({
    seed: true,
    env: { GOOGLE_ISSUER: oauth.issuer, GOOGLE_CLIENT_ID: 'pipewise-test', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_API_BASE: google.url },
  });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  priya = await signIn(t.database.db, 'priya@acme.example');
});
afterAll(async () => {
  await t?.close();
  await oauth?.close();
  await google?.close();
});
beforeEach(async () => {
  oauth.grant(`openid email ${MAIL} ${CALENDAR}`);
  oauth.tokenRequests.length = 0;
  await t.database.db.execute(sql`delete from jobs`);
});

const api = (method: 'GET' | 'POST', url: string, who: TestSession, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** Connect as far as Google's redirect back: the authorize URL, then the browser's trip to the provider. */
async function consent(who: TestSession): Promise<{ authorizeUrl: URL; back: URL }> {
  const res = await api('GET', '/api/google/authorize-url', who);
  expect(res.statusCode, res.body).toBe(200);
  const authorizeUrl = new URL(res.json<{ url: string }>().url);
  const trip = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(trip.status).toBe(302);
  return { authorizeUrl, back: new URL(trip.headers.get('location')!) };
}

const exchange = (who: TestSession, back: URL, scope?: string) =>
  api('POST', '/api/google/exchange-token', who, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    ...(scope ? { scope } : {}),
  });

async function syncJobs(): Promise<{ userId: string }[]> {
  return (await execute<{ payload: { userId: string } }>(t.database.db, sql`select payload from jobs where type = 'calendar.sync'`)).map(
    (r) => r.payload,
  );
}

describe('connecting Google', () => {
  it('starts with Connect', async () => {
    const res = await api('GET', '/api/google/status', rahul);
    expect(res.json()).toEqual({
      configured: true,
      state: 'not_connected',
      mail: false,
      calendar: false,
      missing: [],
      email: null,
      last_synced_at: null,
      syncing: false,
    });
  });

  it('asks for mail and calendar with state, PKCE S256, offline access and consent, returning to the settings page', async () => {
    const { authorizeUrl, back } = await consent(rahul);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${oauth.issuer}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('scope')!.split(' ')).toEqual(['openid', 'email', MAIL, CALENDAR, DRIVE]);
    expect(q.get('redirect_uri')).toBe(SETTINGS);
    expect(q.get('state')).toMatch(/^google\.[A-Za-z0-9_-]{40,}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('include_granted_scopes')).toBe('true');
    expect(`${back.origin}${back.pathname}`).toBe(SETTINGS);
  });

  it('exchanges the code with the PKCE verifier, stores the tokens encrypted, answers Connected and queues the first sync', async () => {
    const { back } = await consent(rahul);
    const res = await exchange(rahul, back);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TGoogleStatus>()).toMatchObject({
      configured: true,
      state: 'connected',
      mail: true,
      calendar: true,
      missing: [],
      email: 'rahul.verma@gmail.example',
    });
    expect(res.body).not.toMatch(/token/i);

    const [request] = oauth.tokenRequests;
    expect(request).toMatchObject({ grant_type: 'authorization_code', redirect_uri: SETTINGS });
    expect(request!.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    const [row] = await t.database.db.select().from(googleConnections).where(eq(googleConnections.userId, rahul.userId));
    expect(row!.accessTokenEnc).toMatch(/^v1\./);
    expect(row!.refreshTokenEnc).toMatch(/^v1\./);
    expect(row!.scopes).toEqual(['openid', 'email', MAIL, CALENDAR]);
    expect(await syncJobs()).toEqual([{ userId: rahul.userId }]);

    const status = await api('GET', '/api/google/status', rahul);
    expect(status.json<TGoogleStatus>().state).toBe('connected');
  });

  it('refuses a state used twice, a forged one, one started by someone else and an expired one', async () => {
    const failed = { detail: MSG.authFailed };
    const { back } = await consent(rahul);
    expect((await exchange(rahul, back)).statusCode).toBe(200);
    const again = await exchange(rahul, back);
    expect([again.statusCode, again.json()]).toEqual([400, failed]);

    const forged = await api('POST', '/api/google/exchange-token', rahul, { code: 'whatever', state: 'google.forged' });
    expect([forged.statusCode, forged.json()]).toEqual([400, failed]);

    const started = await consent(rahul);
    const stolen = await exchange(priya, started.back);
    expect([stolen.statusCode, stolen.json()]).toEqual([400, failed]);
    // The state is spent by the refused attempt too.
    expect((await exchange(rahul, started.back)).statusCode).toBe(400);

    const late = await consent(rahul);
    await t.database.db
      .update(googleConnectStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(googleConnectStates.state, late.back.searchParams.get('state')!));
    const expired = await exchange(rahul, late.back);
    expect([expired.statusCode, expired.json()]).toEqual([400, failed]);
    expect(oauth.tokenRequests.filter((r) => r.grant_type === 'authorization_code')).toHaveLength(1);
  });

  it('answers Partially Connected, naming calendar, when the calendar permission was not granted, and syncs nothing', async () => {
    oauth.grant(`openid email ${MAIL}`);
    const { back } = await consent(priya);
    const res = await exchange(priya, back);
    expect(res.json<TGoogleStatus>()).toMatchObject({ state: 'partial', mail: true, calendar: false, missing: ['calendar'] });
    expect(await syncJobs()).toEqual([]);
  });
});

describe('Gmail drafts', () => {
  it('saves a draft as an RFC 2822 message with the user’s token', async () => {
    const { back } = await consent(rahul);
    await exchange(rahul, back);
    google.script(() => ({ body: { id: 'draft-1', message: { id: 'm1' } } }));
    const res = await api('POST', '/api/google/gmail-draft', rahul, {
      to: ['buyer@client.example'],
      subject: 'Follow-up: pricing',
      body: 'Hi,\nthanks for the call.',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { id: 'draft-1' }]);
    const sent = google.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/gmail/v1/users/me/drafts' });
    expect(sent.token).toBeTruthy();
    const raw = Buffer.from((sent.body as { message: { raw: string } }).message.raw, 'base64url').toString('utf8');
    expect(raw).toContain('To: buyer@client.example\r\n');
    expect(raw).toContain('Subject: Follow-up: pricing\r\n');
    expect(raw).toContain(Buffer.from('Hi,\r\nthanks for the call.').toString('base64'));
  });

  it('refuses with 403 when mail was not granted (or Google is not connected)', async () => {
    oauth.grant(`openid email ${CALENDAR}`);
    const { back } = await consent(priya);
    await exchange(priya, back);
    const res = await api('POST', '/api/google/gmail-draft', priya, { to: [], subject: 'x', body: 'y' });
    expect([res.statusCode, res.json()]).toEqual([403, { detail: MSG.gmailNotGranted }]);
    const kavya = await signIn(t.database.db, 'kavya@acme.example');
    expect((await api('POST', '/api/google/gmail-draft', kavya, { to: [], subject: 'x', body: 'y' })).statusCode).toBe(403);
  });
});

describe('disconnecting', () => {
  it('revokes the grant at the revocation endpoint and forgets both tokens', async () => {
    const { back } = await consent(rahul);
    await exchange(rahul, back);
    oauth.revoked.length = 0;
    const res = await api('POST', '/api/google/disconnect', rahul);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TGoogleStatus>().state).toBe('not_connected');
    await expect.poll(() => oauth.revoked).toHaveLength(1);
    expect(oauth.revoked[0]).toMatch(/^[0-9a-f-]{36}$/); // the refresh token the provider issued
    expect(await t.database.db.select().from(googleConnections).where(eq(googleConnections.userId, rahul.userId))).toEqual([]);
  });
});

describe('without Google configured', () => {
  it('says so in the status and refuses to start or finish a connect with 409', async () => {
    const bare = await createTestApp({ seed: true });
    try {
      const who = await signIn(bare.database.db, 'rahul@acme.example');
      const status = await bare.app.inject({ method: 'GET', url: '/api/google/status', headers: who.headers });
      expect(status.json<TGoogleStatus>()).toMatchObject({ configured: false, state: 'not_connected' });
      const url = await bare.app.inject({ method: 'GET', url: '/api/google/authorize-url', headers: who.headers });
      expect([url.statusCode, url.json()]).toEqual([409, { detail: MSG.notConfigured }]);
      const ex = await bare.app.inject({
        method: 'POST',
        url: '/api/google/exchange-token',
        headers: who.headers,
        payload: { code: 'c', state: 's' },
      });
      expect(ex.statusCode).toBe(409);
    } finally {
      await bare.close();
    }
  });
});
