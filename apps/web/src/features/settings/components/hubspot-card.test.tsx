import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { builtinDealsMessage, type THubspotStatus, type TSyncProgress } from '@pipewise/contract/integrations';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const IDLE: TSyncProgress = { state: 'idle', phase: null, done: 0, total: 0, percent: 0, message: null };
const status = (overrides: Partial<THubspotStatus> = {}): THubspotStatus => ({
  configured: true,
  state: 'not_connected',
  hub_id: null,
  user_connected: false,
  source: 'builtin',
  last_synced_at: null,
  sync: IDLE,
  ...overrides,
});
const CONNECTED = status({
  state: 'connected',
  hub_id: 4242,
  user_connected: true,
  source: 'hubspot',
  last_synced_at: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
});
const EXCHANGE = '/api/token/hubspot/access-token/';

function setup(routes: Parameters<typeof fakeApi>[0] = {}, initial: THubspotStatus = status()) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role: 'admin' })),
    'GET /api/google/status': () =>
      json({ configured: false, state: 'not_connected', mail: false, calendar: false, missing: [], email: null, last_synced_at: null }),
    'GET /api/whatsapp/status': () =>
      json({
        phone_number: null,
        verified: false,
        code_pending: false,
        code_expires_at: null,
        notifications: { morning_digest: false, insights_ready: false },
        delivery: 'cloud',
      }),
    'GET /api/hubspot/status': () => json(initial),
    ...routes,
  });
}

async function hubspotCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: 'HubSpot' });
  return heading.closest('li')!;
}

/** jsdom cannot navigate away: records where the page was sent instead. */
async function recordingNavigation(run: (visited: string[]) => Promise<void>): Promise<void> {
  const visited: string[] = [];
  const assign = window.location.assign;
  Object.defineProperty(window, 'location', { value: { ...window.location, assign: (u: string) => visited.push(u) }, configurable: true });
  try {
    await run(visited);
  } finally {
    Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true });
  }
}

describe('the HubSpot card', () => {
  it('says HubSpot is not configured, with Connect disabled', async () => {
    setup({}, status({ configured: false, state: 'not_configured' }));
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    expect(await within(card).findByText('Not configured')).toBeInTheDocument();
    expect(within(card).getByText(/HubSpot is not configured for this installation/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Connect HubSpot' })).toBeDisabled();
  });

  it('offers Connect, which leaves for the authorize page the server names', async () => {
    setup({ 'GET /api/hubspot/authorize-url': () => json({ url: 'https://hubspot.example/oauth/authorize?state=hubspot.abc' }) });
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    await recordingNavigation(async (visited) => {
      fireEvent.click(within(card).getByRole('button', { name: 'Connect HubSpot' }));
      await waitFor(() => expect(visited).toEqual(['https://hubspot.example/oauth/authorize?state=hubspot.abc']));
    });
  });

  it('over deals made in Pipewise, asks first what happens to them, then connects with the confirmation', async () => {
    const api = setup(
      { 'GET /api/hubspot/authorize-url': () => json({ url: 'https://hubspot.example/oauth/authorize?state=hubspot.abc' }) },
      status({ builtin_deals: 312 }),
    );
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    await recordingNavigation(async (visited) => {
      fireEvent.click(await within(card).findByRole('button', { name: 'Connect HubSpot' }));
      const dialog = await screen.findByRole('dialog', { name: 'Connect HubSpot over your Pipewise deals?' });
      expect(dialog).toHaveTextContent(builtinDealsMessage(312));
      expect(dialog).toHaveTextContent('This workspace holds 312 deals made in Pipewise.');
      expect(callsTo(api, 'GET', '/api/hubspot/authorize-url')).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Connect anyway' }));
      await waitFor(() => expect(visited).toEqual(['https://hubspot.example/oauth/authorize?state=hubspot.abc']));
    });
    const [call] = api.mock.calls.filter(([u]) => String(u).includes('/api/hubspot/authorize-url'));
    expect(String(call![0])).toContain('confirm_builtin_deals=true');
  });

  it("says 'Failed to connect with Hubspot. Please try again.' when the authorize page cannot be had, and offers Retry", async () => {
    setup({ 'GET /api/hubspot/authorize-url': () => json({ detail: 'Bad gateway' }, 502) });
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Connect HubSpot' }));
    expect(await within(card).findByText('Failed to connect with Hubspot. Please try again.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry HubSpot' })).toHaveTextContent('Retry');
  });

  it('finishes the connect on the way back (code, state and the caller’s email), shows Connected, then clears the address', async () => {
    let current = status();
    const api = setup({
      'GET /api/hubspot/status': () => json(current),
      [`POST ${EXCHANGE}`]: () => {
        current = CONNECTED;
        return json({ status: 'success', data: { connected: true, hub_id: 4242 } });
      },
    });
    const { router } = renderApp('/dashboard/settings?source=hubspot&code=hs-code-1&state=hubspot.xyz');
    expect(await screen.findByRole('heading', { level: 2, name: 'Integrations' })).toBeInTheDocument();
    const card = await hubspotCard();
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('Connected to HubSpot account 4242.')).toBeInTheDocument();
    const [call] = api.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).startsWith(EXCHANGE));
    const query = new URL(String(call![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ code: 'hs-code-1', state: 'hubspot.xyz', email: 'asha@acme.test' });
    await waitFor(() => expect(router.state.location.search).toBe('?section=integrations'));
  });

  it("says 'Authentication failed. Please try again.' when HubSpot sends an error back, without an exchange", async () => {
    const api = setup();
    renderApp('/dashboard/settings?source=hubspot&error=access_denied');
    const card = await hubspotCard();
    expect(await within(card).findByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry HubSpot' })).toBeEnabled();
    expect(callsTo(api, 'POST', EXCHANGE)).toEqual([]);
  });

  it.each([
    [400, { detail: 'Authentication failed. Please try again.' }, 'Authentication failed. Please try again.'],
    [502, { detail: 'Bad gateway' }, 'Failed to connect to HubSpot. Please try again.'],
    [
      409,
      { detail: 'This workspace is connected to another HubSpot account (hub 77). Connect with a login of that account.' },
      'This workspace is connected to another HubSpot account (hub 77). Connect with a login of that account.',
    ],
  ])('shows the right text when the exchange answers %i', async (code, body, text) => {
    setup({ [`POST ${EXCHANGE}`]: () => json(body, code) });
    renderApp('/dashboard/settings?source=hubspot&code=c&state=hubspot.s');
    expect(await within(await hubspotCard()).findByText(text)).toBeInTheDocument();
  });

  it('shows a broken connection with Retry', async () => {
    setup({}, status({ state: 'broken', hub_id: 4242, source: 'hubspot' }));
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    expect(await within(card).findByText('Connection failed')).toBeInTheDocument();
    expect(within(card).getByText('HubSpot stopped accepting this connection. Connect again to continue.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry HubSpot' })).toBeEnabled();
  });

  it('tells a user of a HubSpot workspace to connect their own login', async () => {
    setup({}, status({ hub_id: 4242, source: 'hubspot' }));
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    expect(await within(card).findByText(/This workspace uses HubSpot account 4242/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Connect HubSpot' })).toBeEnabled();
  });

  it('shows the import with counts and a percent while it runs, asks each second, then a clear end state', async () => {
    const answers: THubspotStatus[] = [
      { ...CONNECTED, sync: { state: 'running', phase: 'deals', done: 4200, total: 10500, percent: 40, message: null } },
      { ...CONNECTED, sync: { state: 'running', phase: 'associations', done: 9450, total: 10500, percent: 90, message: null } },
      { ...CONNECTED, sync: { state: 'done', phase: null, done: 10500, total: 10500, percent: 100, message: 'Imported 10,500 records.' } },
    ];
    setup({ 'GET /api/hubspot/status': () => json(answers.length > 1 ? answers.shift()! : answers[0]!) });
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    expect(await within(card).findByText('Importing deals: 4,200 of 10,500 records (40%)')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'HubSpot import progress' })).toHaveAttribute('value', '40');
    expect(within(card).getByRole('button', { name: 'Syncing…' })).toBeDisabled();
    expect(
      await within(card).findByText('Importing associations: 9,450 of 10,500 records (90%)', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await within(card).findByText('Imported 10,500 records.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  }, 15_000);

  it('says why an import failed', async () => {
    setup(
      {},
      { ...CONNECTED, sync: { state: 'failed', phase: 'contacts', done: 10, total: 50, percent: 20, message: 'HubSpot refused: 403' } },
    );
    renderApp('/dashboard/settings?section=integrations');
    expect(await within(await hubspotCard()).findByText('HubSpot refused: 403')).toBeInTheDocument();
  });

  it('shows when it last synced; Sync now queues a sync and follows it, queued, running, to the end', async () => {
    // The card's own clock, midday: the last sync two hours before is today whatever the real date.
    const now = new Date(2026, 10, 25, 12, 0);
    vi.useFakeTimers({ toFake: ['Date'], now });
    const synced = { ...CONNECTED, last_synced_at: new Date(now.getTime() - 2 * 60 * 60_000).toISOString() };
    const running: TSyncProgress = { state: 'running', phase: 'pipelines', done: 0, total: 0, percent: 0, message: null };
    // After the press: still as before while the job waits for a worker, then running, then done.
    const after: THubspotStatus[] = [synced, { ...synced, sync: running }, { ...synced, last_synced_at: new Date().toISOString() }];
    let pressed = false;
    const api = setup({
      'GET /api/hubspot/status': () => json(!pressed ? synced : after.length > 1 ? after.shift()! : after[0]!),
      'POST /api/hubspot/sync': () => {
        pressed = true;
        return json({ queued: true, sync: IDLE }, 202);
      },
    });
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    expect(await within(card).findByText('Last synced today at 10:00 AM')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(await within(card).findByRole('button', { name: 'Syncing…' })).toBeDisabled();
    expect(await within(card).findByText('Importing pipelines and stages: counting records…', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await within(card).findByText('Last synced just now', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
    expect(callsTo(api, 'POST', '/api/hubspot/sync')).toHaveLength(1);
  }, 20_000);

  it('after the first connect, follows the import the connect queued until it ends', async () => {
    const bound = { ...CONNECTED, last_synced_at: null };
    const running: TSyncProgress = { state: 'running', phase: 'deals', done: 50, total: 200, percent: 25, message: null };
    const done: TSyncProgress = { state: 'done', phase: null, done: 200, total: 200, percent: 100, message: 'Imported 200 deals.' };
    let answers: THubspotStatus[] = [status()];
    setup({
      'GET /api/hubspot/status': () => json(answers.length > 1 ? answers.shift()! : answers[0]!),
      [`POST ${EXCHANGE}`]: () => {
        // Queued, not yet taken by a worker; then running; then done.
        answers = [bound, bound, { ...bound, sync: running }, { ...bound, sync: done, last_synced_at: new Date().toISOString() }];
        return json({ status: 'success', data: { connected: true, hub_id: 4242 } });
      },
    });
    renderApp('/dashboard/settings?source=hubspot&code=hs-code-1&state=hubspot.xyz');
    const card = await hubspotCard();
    expect(await within(card).findByText('Importing deals: 50 of 200 records (25%)', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await within(card).findByText('Imported 200 deals.', {}, { timeout: 4000 })).toBeInTheDocument();
  }, 20_000);

  it('asks before disconnecting, and disconnects on confirmation', async () => {
    const api = setup({ 'POST /api/hubspot/disconnect': () => json(status({ hub_id: 4242, source: 'hubspot' })) }, CONNECTED);
    renderApp('/dashboard/settings?section=integrations');
    const card = await hubspotCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect HubSpot?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'POST', '/api/hubspot/disconnect')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/hubspot/disconnect')).toHaveLength(1);
  });
});
