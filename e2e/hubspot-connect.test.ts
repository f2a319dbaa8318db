import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPortal, startFakeHubspot, type FakeHubspot } from '../apps/server/test/fakes/hubspot-server';
import { hubspotEnv } from '../apps/server/test/hubspot-fixture';
import { launchBrowser, newPage, runAxe, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/pipewise-server';

/**
 * Connecting HubSpot in Chromium, through the stand-in's authorize page: a Pipewise server of its
 * own whose HUBSPOT_* settings point at the stand-in (the shared e2e server has no HubSpot app).
 * A return whose state was tampered with shows an error and connects nothing; the admin's real
 * connect lands back on the settings page, the card shows Connected, the import's progress and its
 * end; only the 2026-03 token endpoints are called.
 */

/** A demo admin the other browser files do not sign in as (and this server's codes are its own). */
const ADMIN = 'vikram@acme.example';
const DEALS = 5000;

let hs: FakeHubspot;
let server: RunningServer;
let dataDir: string;
let baseURL: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** The sign-in as a person does it, the code read from this server's outbox (no SMTP here). */
async function signIn(p: Page, email: string): Promise<void> {
  const outbox = path.join(dataDir, 'outbox');
  const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
  await p.goto('/signin');
  await p.getByLabel('Email address').fill(email);
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByLabel('One-time code').waitFor();
  let code: string | undefined;
  for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const fresh = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) => !before.has(f)).sort();
    for (const f of fresh) code ??= /sign-in code(?: is|:) (\d{6})/.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1];
  }
  if (!code) throw new Error(`no sign-in code for ${email} in ${outbox}`);
  await p.getByLabel('One-time code').fill(code);
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.waitForURL(/\/dashboard\/?$/);
}

const card = (p: Page): Locator =>
  p.getByRole('listitem').filter({ has: p.getByRole('heading', { level: 3, name: 'HubSpot', exact: true }) });

async function openIntegrations(p: Page): Promise<Locator> {
  await p.goto('/dashboard/settings?section=integrations');
  await p.getByRole('heading', { level: 2, name: 'Integrations', exact: true }).waitFor();
  const hubspot = card(p);
  await hubspot.getByRole('button', { name: /HubSpot/ }).waitFor();
  return hubspot;
}

/** The demo holds deals made in Pipewise: the card asks what happens to them before leaving for HubSpot (decision 0018). */
async function confirmOverBuiltInDeals() {
  const dialog = page.getByRole('dialog', { name: 'Connect HubSpot over your Pipewise deals?' });
  await dialog.getByText(/deals made in Pipewise/).waitFor();
  await dialog.getByRole('button', { name: 'Connect anyway' }).click();
}
const oauthCalls = () => hs.calls.filter((c) => c.path.startsWith('/oauth/')).map((c) => `${c.method} ${c.path}`);
const status = async () =>
  page.evaluate(async () => (await (await fetch('/api/hubspot/status', { credentials: 'include' })).json()) as Record<string, unknown>);

beforeAll(async () => {
  hs = await startFakeHubspot();
  hs.consentPage = true;
  hs.login = { hubId: 24681357, userId: 7701, email: ADMIN };
  seedPortal(hs, { companies: DEALS / 10, contacts: DEALS / 4, deals: DEALS }, [ADMIN, 'rahul@acme.example']);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-e2e-hubspot-'));
  // A machine busy with other runs can take minutes to open PGlite and seed.
  server = await startServer({ dataDir, timeoutMs: 300_000, env: { ...hubspotEnv(hs), AUTH_IP_LIMIT: '10000', LOG_LEVEL: 'warn' } });
  baseURL = `http://localhost:${server.port}`;
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, ADMIN);
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await hs?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('connecting HubSpot from the Integrations card', () => {
  it('a return whose state was tampered with shows a clear error and connects nothing', async () => {
    const hubspot = await openIntegrations(page);
    await hubspot.getByText('Not connected', { exact: true }).waitFor();
    // HubSpot's redirect back, with its state changed on the way.
    await page.route(`${hs.url}/oauth/authorize`, async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      const back = new URL(answer.headers().location!);
      back.searchParams.set('state', `${back.searchParams.get('state')}-forged`);
      await route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    try {
      await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
      await confirmOverBuiltInDeals();
      await page.waitForURL(`${hs.url}/oauth/authorize?**`);
      await page.getByRole('heading', { level: 1, name: 'Connect Pipewise to HubSpot account 24681357' }).waitFor();
      await page.getByRole('button', { name: 'Connect app' }).click();
      await page.waitForURL(`${baseURL}/dashboard/settings**`);
    } finally {
      await page.unroute(`${hs.url}/oauth/authorize`);
    }
    const after = card(page);
    await after.getByText('Authentication failed. Please try again.', { exact: true }).waitFor();
    await after.getByRole('button', { name: 'Retry HubSpot' }).waitFor();
    await after.getByText('Not connected', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('state')).toBeNull();
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'hubspot-connect-forged-state');
    // The code was never exchanged, and nothing is bound.
    expect(oauthCalls().filter((c) => c.includes('/token'))).toEqual([]);
    expect(await status()).toMatchObject({ state: 'not_connected', hub_id: null, source: 'builtin' });
  });

  it('the admin approves on HubSpot’s page, comes back to settings, and the card shows Connected, the import and its end', async () => {
    const hubspot = await openIntegrations(page);
    await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
    await confirmOverBuiltInDeals();
    await page.waitForURL(`${hs.url}/oauth/authorize?**`);
    const consent = page.getByRole('main');
    await consent.getByText(`Signed in to HubSpot as ${ADMIN}.`, { exact: true }).waitFor();
    for (const scope of ['crm.objects.deals.write', 'crm.objects.owners.read']) await consent.getByText(scope, { exact: true }).waitFor();
    await screenshot(page, 'hubspot-connect-authorize-page');
    await page.getByRole('button', { name: 'Connect app' }).click();

    await page.waitForURL(`${baseURL}/dashboard/settings**`);
    const connected = card(page);
    await connected.getByText('Connected', { exact: true }).waitFor();
    await connected.getByText('Connected to HubSpot account 24681357.', { exact: true }).waitFor();
    // The return's code and state are gone from the address; the Integrations section stays in view.
    const address = new URL(page.url());
    expect([address.searchParams.get('code'), address.searchParams.get('state'), address.searchParams.get('section')]).toEqual([
      null,
      null,
      'integrations',
    ]);
    const progress = connected.getByRole('status');
    await progress.getByText(/^Importing (companies|contacts|deals): [\d,]+ of [\d,]+ records \(\d+%\)$/).waitFor({ timeout: 120_000 });
    await connected.getByRole('button', { name: 'Syncing…' }).waitFor();
    expect(await connected.getByRole('progressbar', { name: 'HubSpot import progress' }).count()).toBe(1);
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'hubspot-connect-importing');

    const done = `Imported ${DEALS.toLocaleString('en-US')} deals, 500 companies and 1,250 contacts.`;
    await connected.getByText(done, { exact: true }).waitFor({ timeout: 300_000 });
    await connected.getByRole('button', { name: 'Sync now' }).waitFor();
    await connected.getByRole('button', { name: 'Disconnect' }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'hubspot-connect-imported');
    expect(await status()).toMatchObject({ state: 'connected', hub_id: 24681357, source: 'hubspot', user_connected: true });
    expect(pageErrors).toEqual([]);
  }, 420_000);

  it('called only the 2026-03 token endpoints at HubSpot (never the retired v1 ones)', () => {
    const calls = oauthCalls();
    expect(calls).toContain('POST /oauth/2026-03/token');
    expect(calls).toContain('POST /oauth/2026-03/token/introspect');
    const tokenCalls = calls.filter((c) => !/^(GET|POST) \/oauth\/authorize$/.test(c));
    expect(tokenCalls.filter((c) => !c.startsWith('POST /oauth/2026-03/token'))).toEqual([]);
    expect(calls.some((c) => c.includes('/oauth/v1/'))).toBe(false);
    expect(hs.drift).toEqual([]);
  });
});
