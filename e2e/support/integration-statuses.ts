import type { Page } from 'playwright-core';

type HubSpotSync = {
  state: 'idle' | 'running';
  phase: string | null;
  done: number;
  total: number;
  percent: number;
  message: string | null;
};

/**
 * Answers the integration cards' status requests as a connected Google account (`googleEmail`, synced an
 * hour ago) and a connected HubSpot workspace with `hubspotSync` (a test server has neither connection).
 */
export async function fakeConnectedIntegrations(page: Page, googleEmail: string, hubspotSync: HubSpotSync): Promise<void> {
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  await page.route('**/api/google/status', (route) =>
    route.fulfill({
      json: {
        configured: true,
        state: 'connected',
        mail: true,
        calendar: true,
        missing: [],
        email: googleEmail,
        last_synced_at: hourAgo,
        syncing: false,
      },
    }),
  );
  await page.route('**/api/hubspot/status', (route) =>
    route.fulfill({
      json: {
        configured: true,
        state: 'connected',
        hub_id: 24681357,
        user_connected: true,
        source: 'hubspot',
        last_synced_at: hourAgo,
        sync: hubspotSync,
      },
    }),
  );
}
