import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUBSPOT_CONNECT_MESSAGES as MSG, type THubspotStatus } from '@pipewise/contract/integrations';
import { execute } from '../../db/client';
import { integrationConnections } from '../../db/schema';
import { startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { hubspotEnv } from '../../../test/hubspot-fixture';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Connecting HubSpot through the stand-in: the admin's first login binds the workspace to its
 * portal and queues the import; others connect their own login of that portal; a second portal,
 * a forged state and a state from another browser are refused; tokens are sealed at rest,
 * refreshed before expiry by one process at a time, and a refused refresh breaks the connection.
 */

let hs: FakeHubspot;
let t: TestApp;
let asha: TestSession; // super_admin
let rahul: TestSession; // user

beforeAll(async () => {
  hs = await startFakeHubspot();
  t = await createTestApp({
    seed: true,
    env: hubspotEnv(hs),
  });
  asha = await signIn(t.database.db, 'asha@acme.example');
  rahul = await signIn(t.database.db, 'rahul@acme.example');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await hs?.close();
});
beforeEach(() => {
  hs.login = { hubId: 1001, userId: 501, email: 'asha@acme.example' };
  hs.switches.refuseRefresh = false;
});

const api = (method: 'GET' | 'POST', url: string, who: TestSession, cookie = '') =>
  t.app.inject({ method, url, headers: { ...who.headers, cookie: `${who.headers.cookie}${cookie ? `; ${cookie}` : ''}` } });

/** As far as HubSpot's redirect back: the authorize URL (and its browser cookie), then the trip to the authorize page. */
async function consent(who: TestSession): Promise<{ back: URL; cookie: string; authorizeUrl: URL }> {
  const res = await api('GET', '/api/hubspot/authorize-url?confirm_builtin_deals=true', who);
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === 'hubspot_connect')!;
  expect(set.httpOnly).toBe(true);
  const authorizeUrl = new URL(res.json<{ url: string }>().url);
  const trip = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(trip.status).toBe(302);
  return { back: new URL(trip.headers.get('location')!), cookie: `hubspot_connect=${set.value}`, authorizeUrl };
}
const exchange = (who: TestSession, back: URL, cookie: string) =>
  api(
    'POST',
    `/api/token/hubspot/access-token/?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}&email=${who.email}`,
    who,
    cookie,
  );
const status = async (who: TestSession) => (await api('GET', '/api/hubspot/status', who)).json<THubspotStatus>();
const queuedSyncs = async () =>
  (await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from jobs where type = 'hubspot.sync'`))[0]!.n;

describe('connecting HubSpot', () => {
  it('starts not connected, with the built-in CRM as the source', async () => {
    expect(await status(asha)).toMatchObject({
      configured: true,
      state: 'not_connected',
      hub_id: null,
      user_connected: false,
      source: 'builtin',
    });
  });

  it('asks for the spec scopes and returns to the settings page', async () => {
    const { back, authorizeUrl } = await consent(asha);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/dashboard/settings?source=hubspot');
    expect(authorizeUrl.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining([
        'crm.objects.companies.read',
        'crm.objects.companies.write',
        'crm.objects.contacts.read',
        'crm.objects.contacts.write',
        'crm.objects.deals.read',
        'crm.objects.deals.write',
        'crm.objects.owners.read',
        'crm.schemas.companies.read',
        'crm.schemas.companies.write',
        'crm.schemas.contacts.read',
        'crm.schemas.contacts.write',
      ]),
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(back.searchParams.get('source')).toBe('hubspot');
  });

  it('refuses a user before an admin has connected the workspace', async () => {
    hs.login = { hubId: 1001, userId: 502, email: 'rahul@acme.example' };
    const { back, cookie } = await consent(rahul);
    const res = await exchange(rahul, back, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MSG.adminFirst });
  });

  it('refuses a forged state and a state started in another browser', async () => {
    const { back, cookie } = await consent(asha);
    const forged = new URL(back);
    forged.searchParams.set('state', 'hubspot.forged');
    expect((await exchange(asha, forged, cookie)).json()).toEqual({ detail: MSG.authFailed });
    const other = await consent(asha);
    const res = await exchange(asha, other.back, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.authFailed });
  });

  it("binds the workspace to the admin's portal, answers no token, seals the tokens and queues the import", async () => {
    const { back, cookie } = await consent(asha);
    const res = await exchange(asha, back, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { connected: true, hub_id: 1001 } });
    expect(res.body).not.toMatch(/at-|rt-/);
    expect(await status(asha)).toMatchObject({ state: 'connected', hub_id: 1001, user_connected: true, source: 'hubspot' });
    expect(await queuedSyncs()).toBe(1);
    const [row] = await t.database.db.select().from(integrationConnections).where(eq(integrationConnections.userId, asha.userId));
    expect(row!.accessTokenEnc).toMatch(/^v1\./);
    expect(row!.refreshTokenEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/"at-|"rt-/);
  });

  it('refuses a login of another portal with a clear message, and lets a colleague connect the bound one', async () => {
    hs.login = { hubId: 2002, userId: 900, email: 'rahul@other.example' };
    let { back, cookie } = await consent(rahul);
    const refused = await exchange(rahul, back, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(/another HubSpot account \(hub 1001\)/);
    hs.login = { hubId: 1001, userId: 502, email: 'rahul@acme.example' };
    ({ back, cookie } = await consent(rahul));
    expect((await exchange(rahul, back, cookie)).statusCode).toBe(200);
    expect(await status(rahul)).toMatchObject({ state: 'connected', hub_id: 1001 });
    expect(await queuedSyncs()).toBe(1);
  });

  it('refreshes a token due to expire once, even when two callers ask at the same time', async () => {
    await t.database.db
      .update(integrationConnections)
      .set({ accessExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(integrationConnections.userId, asha.userId));
    const before = hs.calls.filter((c) => c.path === '/oauth/2026-03/token').length;
    const session = await t.services.hubspot.sessions.forUser(asha.userId);
    const [a, b] = await Promise.all([session.token(), session.token()]);
    expect(a).toBe(b);
    expect(hs.calls.filter((c) => c.path === '/oauth/2026-03/token').length - before).toBe(1);
  });

  it('marks the connection broken when HubSpot refuses the refresh, and the card says so', async () => {
    hs.switches.refuseRefresh = true;
    await t.database.db
      .update(integrationConnections)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationConnections.userId, rahul.userId));
    const session = await t.services.hubspot.sessions.forUser(rahul.userId);
    await expect(session.token()).rejects.toThrow(/refused/);
    expect(await status(rahul)).toMatchObject({ state: 'broken', user_connected: false });
  });

  it('Sync now queues one pull (202) and says where it stands', async () => {
    const res = await api('POST', '/api/hubspot/sync', asha);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ queued: false, sync: { state: 'idle' } });
    expect(await queuedSyncs()).toBe(1);
  });

  it('disconnect revokes the login at HubSpot and forgets its tokens; the workspace keeps its portal', async () => {
    const res = await api('POST', '/api/hubspot/disconnect', asha);
    expect(res.json()).toMatchObject({ state: 'not_connected', hub_id: 1001 });
    expect(hs.calledPaths()).toContain('POST /oauth/2026-03/token/revoke');
    expect(await t.database.db.select().from(integrationConnections).where(eq(integrationConnections.userId, asha.userId))).toEqual([]);
  });

  it('called only the 2026-03 token endpoints, and every answer matched the OpenAPI files', () => {
    const oauthCalls = hs.calledPaths().filter((p) => p.includes('/oauth/') && !p.includes('/oauth/authorize'));
    expect(oauthCalls.length).toBeGreaterThan(5);
    expect(oauthCalls.every((p) => p.startsWith('POST /oauth/2026-03/token'))).toBe(true);
    expect(hs.drift).toEqual([]);
  });
});

describe('an installation without HubSpot settings', () => {
  it('says HubSpot is not configured', async () => {
    const bare = await createTestApp({ seed: true });
    try {
      const who = await signIn(bare.database.db, 'asha@acme.example');
      const res = await bare.app.inject({ method: 'GET', url: '/api/hubspot/status', headers: who.headers });
      expect(res.json()).toMatchObject({ configured: false, state: 'not_configured' });
      const url = await bare.app.inject({ method: 'GET', url: '/api/hubspot/authorize-url', headers: who.headers });
      expect(url.json()).toEqual({ detail: MSG.notConfigured });
    } finally {
      await bare.close();
    }
  }, 60_000);
});
