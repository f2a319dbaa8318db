import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../../../test/fakes/hubspot-server';
import { createOpenApiChecker } from '../../../test/fakes/hubspot-openapi-check';
import { createHubspotCrm, type PortalSession } from './hubspot-client';
import { createHubspotOAuth, HubspotGrantRevokedError, type HubspotOAuth } from './hubspot-oauth';

let fake: FakeHubspot;
let oauth: HubspotOAuth;
const redirectUri = 'http://localhost:3000/dashboard/settings?source=hubspot';
const slept: number[] = [];
const crm = () =>
  createHubspotCrm({
    apiBase: fake.url,
    pacer: { before: async () => {} },
    sleep: async (ms) => void slept.push(ms),
  });

async function connect(): Promise<{ accessToken: string; refreshToken: string | null }> {
  const url = oauth.authorizationUrl({ state: 'hubspot.s1', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', redirectUri });
  const page = await fetch(url, { redirect: 'manual' });
  const back = new URL(page.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('hubspot.s1');
  return oauth.exchangeCode({
    code: back.searchParams.get('code')!,
    codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    redirectUri,
  });
}

beforeAll(async () => {
  fake = await startFakeHubspot();
  oauth = createHubspotOAuth({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    authorizeUrl: `${fake.url}/oauth/authorize`,
  });
  seedPortal(fake, { companies: 3, contacts: 4, deals: 250 }, ['asha@acme.example']);
});
afterAll(() => fake.close());

describe('HubSpot OAuth (2026-03 token API)', () => {
  it('asks for the spec scopes, exchanges the code with PKCE, introspects, refreshes and revokes on 2026-03 endpoints only', async () => {
    const url = new URL(oauth.authorizationUrl({ state: 'x', codeChallenge: 'c', redirectUri }));
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'crm.objects.deals.write',
        'crm.objects.owners.read',
        'crm.schemas.contacts.write',
        'crm.schemas.companies.read',
      ]),
    );
    const tokens = await connect();
    const info = await oauth.introspect(tokens.accessToken, 'access_token');
    expect(info).toMatchObject({ active: true, hubId: 1001, userId: 501, email: 'admin@acme.example' });
    const refreshed = await oauth.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    await oauth.revoke(tokens.refreshToken!, 'refresh_token');
    await expect(oauth.refresh(tokens.refreshToken!)).rejects.toBeInstanceOf(HubspotGrantRevokedError);
    const tokenCalls = fake.calledPaths().filter((p) => p.includes('/oauth/') && !p.includes('/authorize'));
    expect(tokenCalls.every((p) => p.startsWith('POST /oauth/2026-03/token'))).toBe(true);
    expect(fake.calledPaths().some((p) => p.includes('/oauth/v1/'))).toBe(false);
    expect(fake.drift).toEqual([]);
  });
});

describe('HubSpot CRM client', () => {
  let session: PortalSession;
  beforeAll(async () => {
    const { accessToken } = await connect();
    session = { hubId: 1001, token: async () => accessToken };
  });

  it('pages lists by cursor, searches a modified window, reads batches, pipelines, owners and associations', async () => {
    const client = crm();
    const ids: string[] = [];
    let after: string | undefined;
    do {
      const page = await client.list(session, 'deals', { after, properties: ['dealname', 'amount'] });
      ids.push(...page.results.map((r) => r.id));
      after = page.after ?? undefined;
    } while (after);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    const window = await client.searchModified(session, 'deals', {
      from: new Date(0),
      to: new Date(Date.now() + 1000),
      properties: ['dealname'],
    });
    expect(window.total).toBe(250);
    expect(await client.count(session, 'contacts')).toBe(4);
    const batch = await client.batchRead(session, 'companies', ['100001', '100002'], ['name']);
    expect(batch.map((c) => c.properties.name).sort()).toEqual(['Company 1', 'Company 2']);
    const pipelines = await client.pipelines(session);
    expect(pipelines[0]!.stages.map((s) => s.label)).toContain('Closed Won');
    expect((await client.owners(session)).results.map((o) => o.email)).toContain('asha@acme.example');
    const links = await client.associations(session, 'deals', 'companies', ['300001', '300002']);
    expect(links.get('300001')).toEqual(['100002']);
    expect(fake.drift).toEqual([]);
  });

  it('waits Retry-After on a 429, backs off without it and on a 5xx, then succeeds', async () => {
    slept.length = 0;
    fake.switches.fail429 = 1;
    fake.switches.retryAfter = 3;
    await crm().pipelines(session);
    expect(slept[0]).toBe(3000);
    fake.switches.retryAfter = null;
    fake.switches.fail429 = 1;
    fake.switches.fail5xx = 1;
    await crm().pipelines(session);
    expect(slept).toHaveLength(3);
    expect(slept[1]).toBeGreaterThan(0);
  });

  it('gives up after six 5xx answers in a row with the status HubSpot gave', async () => {
    slept.length = 0;
    fake.switches.fail5xx = 6;
    await expect(crm().pipelines(session)).rejects.toMatchObject({ name: 'HubspotApiError', status: 502 });
    expect(slept).toHaveLength(5);
    expect(fake.switches.fail5xx).toBe(0);
  });

  it('never sends a create again after a 5xx (HubSpot may have made the record), and retries an update once', async () => {
    slept.length = 0;
    const before = (await crm().list(session, 'companies', { properties: ['name'] })).results.length;
    fake.switches.fail5xx = 1;
    await expect(crm().createObject(session, 'companies', { name: 'Once Only Pvt Ltd' })).rejects.toMatchObject({ status: 502 });
    expect(slept).toEqual([]);
    expect((await crm().list(session, 'companies', { properties: ['name'] })).results).toHaveLength(before);

    const [company] = (await crm().list(session, 'companies', { properties: ['name'] })).results;
    fake.switches.fail5xx = 1;
    await crm().updateObject(session, 'companies', company!.id, { name: 'Renamed After One Retry' });
    expect(slept).toHaveLength(1);
    fake.switches.fail5xx = 2;
    await expect(crm().updateObject(session, 'companies', company!.id, { name: 'Not Renamed' })).rejects.toMatchObject({ status: 502 });
    expect(slept).toHaveLength(2);
    fake.switches.fail5xx = 0;
  });

  it("fails a user's write at once when HubSpot asks to wait longer than a few seconds, instead of holding the screen", async () => {
    slept.length = 0;
    const [deal] = (await crm().list(session, 'deals', { properties: ['dealname'] })).results;
    fake.switches.fail429 = 1;
    fake.switches.retryAfter = 60;
    await expect(crm().updateObject(session, 'deals', deal!.id, { dealname: 'Waits Too Long' })).rejects.toMatchObject({ status: 429 });
    expect(slept).toEqual([]);
    fake.switches.fail429 = 1;
    fake.switches.retryAfter = 2;
    await crm().updateObject(session, 'deals', deal!.id, { dealname: 'Waited Two Seconds' });
    expect(slept).toEqual([2000]);
    fake.switches.retryAfter = null;
  });

  it('retries a request whose connection broke (a reset socket), as it retries a 5xx', async () => {
    slept.length = 0;
    let calls = 0;
    const client = createHubspotCrm({
      apiBase: fake.url,
      pacer: { before: async () => void calls++ },
      sleep: async (ms) => void slept.push(ms),
    });
    const s: PortalSession = {
      hubId: 1001,
      token: async () => {
        if (calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        return session.token();
      },
    };
    expect(await client.pipelines(s)).toHaveLength(2);
    expect(calls).toBe(2);
    expect(slept).toHaveLength(1);
  });

  it('does not retry when there is no usable token', async () => {
    const s: PortalSession = { hubId: 1001, token: async () => Promise.reject(new Error('HubSpot is not connected')) };
    slept.length = 0;
    await expect(crm().pipelines(s)).rejects.toThrow('HubSpot is not connected');
    expect(slept).toEqual([]);
  });

  it("reports HubSpot's reason when it refuses a write", async () => {
    fake.switches.refuseWrites = 'Amount must be positive (validation rule).';
    await expect(crm().updateDeal(session, '300001', { amount: '-1' })).rejects.toMatchObject({
      status: 400,
      reason: 'Amount must be positive (validation rule).',
    });
    fake.switches.refuseWrites = null;
  });

  it('refreshes once on a 401 with an expired token', async () => {
    let refreshed = 0;
    const { accessToken, refreshToken } = await connect();
    let current = accessToken;
    const s: PortalSession = {
      hubId: 1001,
      token: async (force) => {
        if (force) {
          refreshed++;
          current = (await oauth.refresh(refreshToken!)).accessToken;
        }
        return current;
      },
    };
    fake.expireAccessTokens();
    expect(await crm().pipelines(s)).toHaveLength(2);
    expect(refreshed).toBe(1);
  });
});

describe('the stand-in follows HubSpot’s OpenAPI files', () => {
  it('catches a drifted answer', async () => {
    const { accessToken } = await connect();
    fake.switches.transform = (path, body) => (path === '/crm/v3/objects/deals' ? { ...(body as object), results: [{ id: 1 }] } : body);
    await fetch(`${fake.url}/crm/v3/objects/deals?limit=1`, { headers: { authorization: `Bearer ${accessToken}` } });
    fake.switches.transform = null;
    expect(fake.drift.join('\n')).toMatch(/results\[0\]\.id: expected a string/);
    expect(fake.drift.join('\n')).toMatch(/results\[0\]\.properties: required but missing/);
    fake.drift.length = 0;
  });

  it('checks deals on both paths the files and the SDK use', () => {
    const checker = createOpenApiChecker();
    const good = {
      results: [{ id: '1', properties: {}, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', archived: false }],
    };
    expect(checker.check('GET', '/crm/v3/objects/0-3', 200, good)).toEqual([]);
    expect(checker.check('POST', '/crm/v3/objects/0-3/search', 200, good)).toEqual(['body.total: required but missing']);
  });
});
