import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGoogleStatus } from '@pipewise/contract/calendar';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

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
});
