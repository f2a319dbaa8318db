import { seedPortal, startFakeHubspot, type FakeHubspot } from './fakes/hubspot-server';
import { createOtherWorkspace, type OtherWorkspace } from './other-workspace';
import { signInAll, type TestSession } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/** The settings that point the app at the HubSpot stand-in. */
export const hubspotEnv = (hs: FakeHubspot) => ({
  HUBSPOT_CLIENT_ID: hs.clientId,
  HUBSPOT_CLIENT_SECRET: hs.clientSecret,
  HUBSPOT_API_BASE: hs.url,
  HUBSPOT_AUTHORIZE_URL: `${hs.url}/oauth/authorize`,
});

/**
 * Connects `who` to the stand-in's portal as a browser would: the authorize URL and its cookie,
 * the trip to the authorize page, and the code exchange. Answers the exchange's response.
 */
export async function connectHubspot(t: TestApp, who: TestSession) {
  const start = await t.app.inject({ method: 'GET', url: '/api/hubspot/authorize-url?confirm_builtin_deals=true', headers: who.headers });
  const cookie = start.cookies.find((c) => c.name === 'hubspot_connect')!;
  const back = new URL((await fetch(start.json<{ url: string }>().url, { redirect: 'manual' })).headers.get('location')!);
  return t.app.inject({
    method: 'POST',
    url: `/api/token/hubspot/access-token/?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}`,
    headers: { ...who.headers, cookie: `${who.headers.cookie}; hubspot_connect=${cookie.value}` },
  });
}

/** A second workspace bound to the HubSpot stand-in: its portal seeded, its admin connected, one full sync done. */
export type HubspotWorkspace = { hs: FakeHubspot; t: TestApp; ws: OtherWorkspace; admin: TestSession };

/**
 * Starts the stand-in and an app with the demo seed, makes another workspace whose admin connects
 * the portal (seeded with `counts`, owners the workspace's admin and manager) and syncs it in full.
 * Close both with `closeHubspotWorkspace`.
 */
export async function openHubspotWorkspace(counts: { companies: number; contacts: number; deals: number }): Promise<HubspotWorkspace> {
  const hs = await startFakeHubspot();
  const t = await createTestApp({ seed: true, env: hubspotEnv(hs) });
  const ws = await createOtherWorkspace(t.database.db);
  hs.login = { hubId: 1001, userId: 501, email: ws.emails.admin };
  seedPortal(hs, counts, [ws.emails.admin, ws.emails.manager]);
  const { admin } = await signInAll(t.database.db, { admin: ws.emails.admin });
  const connected = await connectHubspot(t, admin);
  if (connected.statusCode !== 200) throw new Error(`connecting the HubSpot stand-in answered ${connected.statusCode}: ${connected.body}`);
  await t.services.hubspot.sync.sync(ws.organizationId, { full: true });
  return { hs, t, ws, admin };
}

export async function closeHubspotWorkspace(h: Partial<HubspotWorkspace> | undefined): Promise<void> {
  await h?.t?.close();
  await h?.hs?.close();
}
