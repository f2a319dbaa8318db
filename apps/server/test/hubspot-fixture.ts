import type { FakeHubspot } from './fakes/hubspot-server';
import type { TestSession } from './sessions';
import type { TestApp } from './test-app';

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
