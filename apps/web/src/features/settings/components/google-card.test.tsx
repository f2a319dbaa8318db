import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGoogleStatus } from '@pipewise/contract/calendar';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { SYNC_DID_NOT_FINISH } from './google-card';
import { lastSyncedText } from './last-synced';

const status = (overrides: Partial<TGoogleStatus> = {}): TGoogleStatus => ({
  configured: true,
  state: 'not_connected',
  mail: false,
  calendar: false,
  missing: [],
  email: null,
  last_synced_at: null,
  ...overrides,
});
const CONNECTED = status({ state: 'connected', mail: true, calendar: true, email: 'asha@gmail.example' });

function setup(routes: Parameters<typeof fakeApi>[0] = {}, initial = status()) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role: 'user' })),
    'GET /api/google/status': () => json(initial),
    ...routes,
  });
}

async function googleCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: 'Google' });
  return heading.closest('li')!;
}

describe('the Google card', () => {
  it('offers Connect, and Connect leaves for the consent page the server names', async () => {
    setup({ 'GET /api/google/authorize-url': () => json({ url: 'https://accounts.example/authorize?state=google.abc' }) });
    const visited: string[] = [];
    const { router } = renderApp('/dashboard/settings?section=integrations');
    const card = await googleCard();
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    // jsdom cannot navigate away: record where the page was sent instead.
    const assign = window.location.assign;
    Object.defineProperty(window, 'location', {
      value: { ...window.location, assign: (u: string) => visited.push(u) },
      configurable: true,
    });
    try {
      fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
      await waitFor(() => expect(visited).toEqual(['https://accounts.example/authorize?state=google.abc']));
    } finally {
      Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true });
    }
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });

  it('shows Partially Connected with the missing permission', async () => {
    setup({}, status({ state: 'partial', mail: true, missing: ['calendar'] }));
    renderApp('/dashboard/settings?section=integrations');
    const card = await googleCard();
    expect(await within(card).findByText('Partially Connected')).toBeInTheDocument();
    expect(within(card).getByText(/Calendar permission is needed/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Grant access' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  it('shows a revoked connection with Reconnect', async () => {
    setup({}, status({ state: 'broken', mail: true, calendar: true }));
    renderApp('/dashboard/settings?section=integrations');
    const card = await googleCard();
    expect(await within(card).findByText('Reconnect needed')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reconnect' })).toBeEnabled();
  });

  it('says when Google is not set up, with Connect disabled', async () => {
    setup({}, status({ configured: false }));
    renderApp('/dashboard/settings?section=integrations');
    const card = await googleCard();
    expect(await within(card).findByText(/Google is not set up for this installation/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Connect' })).toBeDisabled();
  });

  it('finishes the connect on the way back from Google, then clears the address', async () => {
    const api = setup({ 'POST /api/google/exchange-token': () => json(CONNECTED) });
    const { router } = renderApp('/dashboard/settings?code=4%2Fabc&scope=openid%20email&state=google.xyz&authuser=0');
    expect(await screen.findByRole('heading', { level: 2, name: 'Integrations' })).toBeInTheDocument();
    const card = await googleCard();
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('Connected as asha@gmail.example.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/google/exchange-token').map((c) => c.body)).toEqual([
      { code: '4/abc', state: 'google.xyz', scope: 'openid email' },
    ]);
    // The address is cleared by a navigation, which lands as a transition after the card updates.
    await waitFor(() => expect(router.state.location.search).toBe('?section=integrations'));
  });

  it("shows the spec's texts when the return is refused, an error, or the server cannot be reached", async () => {
    setup({ 'POST /api/google/exchange-token': () => json({ detail: 'Google authentication failed. Please try again.' }, 400) });
    renderApp('/dashboard/settings?section=integrations&code=c&state=google.s&source=google');
    expect(await within(await googleCard()).findByText('Google authentication failed. Please try again.')).toBeInTheDocument();
  });

  it('shows the auth failure when Google sends an error back', async () => {
    const api = setup();
    renderApp('/dashboard/settings?error=access_denied&state=google.s');
    expect(await within(await googleCard()).findByText('Google authentication failed. Please try again.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/google/exchange-token')).toEqual([]);
  });

  it('says Failed to connect when the consent address cannot be had, and Connection error when nothing answers', async () => {
    setup({ 'GET /api/google/authorize-url': () => json({ detail: 'Bad gateway' }, 502) });
    renderApp('/dashboard/settings?section=integrations');
    const card = await googleCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Connect' }));
    expect(await within(card).findByText('Failed to connect with Google. Please try again.')).toBeInTheDocument();
  });

  it('says Connection error when the server cannot be reached on the way back', async () => {
    setup({
      'POST /api/google/exchange-token': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/dashboard/settings?code=c&state=google.s');
    expect(await within(await googleCard()).findByText('Connection error. Please try again.')).toBeInTheDocument();
  });

  it('asks before disconnecting, and disconnects on confirmation', async () => {
    const api = setup({ 'POST /api/google/disconnect': () => json(status()) }, CONNECTED);
    renderApp('/dashboard/settings?section=integrations');
    const card = await googleCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'POST', '/api/google/disconnect')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/google/disconnect')).toHaveLength(1);
  });

  describe('Sync now', () => {
    // The card's own clock, midday: the last sync three hours before is today whatever the real date.
    const NOW = new Date(2026, 10, 25, 12, 0);
    const EARLIER = new Date(NOW.getTime() - 3 * 60 * 60_000).toISOString();
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    });
    const synced = (overrides: Partial<TGoogleStatus> = {}) => ({ ...CONNECTED, last_synced_at: EARLIER, ...overrides });

    it('shows when the calendar last synced; Sync now syncs, polls the status until the sync ends, then says just now', async () => {
      const answers = [synced(), synced({ syncing: true }), synced({ syncing: false, last_synced_at: new Date().toISOString() })];
      const api = setup({
        'GET /api/google/status': () => json(answers.length > 1 ? answers.shift()! : answers[0]!),
        'POST /api/google/sync': () => json(synced({ syncing: true }), 202),
      });
      renderApp('/dashboard/settings?section=integrations');
      const card = await googleCard();
      expect(await within(card).findByText('Last synced today at 9:00 AM')).toBeInTheDocument();
      fireEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
      expect(await within(card).findByRole('button', { name: 'Syncing…' })).toBeDisabled();
      expect(within(card).getByRole('status')).toHaveTextContent('Syncing…');
      expect(callsTo(api, 'POST', '/api/google/sync')).toHaveLength(1);
      // The card asks again each second while the sync runs, and stops when it has ended.
      expect(await within(card).findByText('Last synced just now', {}, { timeout: 4000 })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
      const polls = callsTo(api, 'GET', '/api/google/status').length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(callsTo(api, 'GET', '/api/google/status')).toHaveLength(polls);
      expect(within(card).queryByText(SYNC_DID_NOT_FINISH)).toBeNull();
    }, 15_000);

    it('says so when the sync ends without a newer sync time', async () => {
      const answers = [synced(), synced({ syncing: true }), synced({ syncing: false })];
      setup({
        'GET /api/google/status': () => json(answers.length > 1 ? answers.shift()! : answers[0]!),
        'POST /api/google/sync': () => json(synced({ syncing: true }), 202),
      });
      renderApp('/dashboard/settings?section=integrations');
      const card = await googleCard();
      fireEvent.click(await within(card).findByRole('button', { name: 'Sync now' }));
      expect(await within(card).findByText(SYNC_DID_NOT_FINISH, {}, { timeout: 4000 })).toBeInTheDocument();
    }, 10_000);

    it("shows the server's reason when there is nothing to sync", async () => {
      setup(
        {
          'POST /api/google/sync': () =>
            json({ detail: 'Google access was revoked or has expired. Reconnect to sync your calendar.' }, 409),
        },
        synced(),
      );
      renderApp('/dashboard/settings?section=integrations');
      const card = await googleCard();
      fireEvent.click(await within(card).findByRole('button', { name: 'Sync now' }));
      expect(
        await within(card).findByText('Google access was revoked or has expired. Reconnect to sync your calendar.'),
      ).toBeInTheDocument();
    });

    it('is offered only with the calendar permission and a working connection', async () => {
      setup({}, status({ state: 'partial', mail: true, missing: ['calendar'] }));
      renderApp('/dashboard/settings?section=integrations');
      const card = await googleCard();
      await within(card).findByText('Partially Connected');
      expect(within(card).queryByRole('button', { name: 'Sync now' })).toBeNull();
      expect(within(card).queryByText(/Last synced|Not synced yet/)).toBeNull();
    });

    it('says Not synced yet before the first sync', async () => {
      setup({}, CONNECTED);
      renderApp('/dashboard/settings?section=integrations');
      expect(await within(await googleCard()).findByText('Not synced yet')).toBeInTheDocument();
    });
  });
});

describe('lastSyncedText', () => {
  const now = new Date(2026, 10, 25, 20, 30);
  it.each([
    [null, 'Not synced yet'],
    [new Date(2026, 10, 25, 20, 29, 30), 'Last synced just now'],
    [new Date(2026, 10, 25, 8, 5), 'Last synced today at 8:05 AM'],
    [new Date(2026, 10, 24, 20, 5), 'Last synced Nov 24 at 8:05 PM'],
    [new Date(2025, 11, 31, 9, 0), 'Last synced Dec 31, 2025 at 9:00 AM'],
  ])('%s -> %s', (at, text) => {
    expect(lastSyncedText(at ? at.toISOString() : null, now)).toBe(text);
  });
});
