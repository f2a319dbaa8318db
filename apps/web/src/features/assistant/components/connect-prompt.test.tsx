import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { THubspotStatus } from '@pipewise/contract/integrations';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { AssistantChat } from './assistant-chat';

const hubspotStatus = (overrides: Partial<THubspotStatus>): THubspotStatus => ({
  configured: true,
  state: 'not_connected',
  hub_id: null,
  user_connected: false,
  source: 'builtin',
  last_synced_at: null,
  sync: { state: 'idle', phase: null, done: 0, total: 0, percent: 0, message: null },
  ...overrides,
});

function openPanel(status: THubspotStatus) {
  fakeApi({ 'GET /api/hubspot/status': () => json(status) });
  renderScreen('/dashboard', <AssistantChat />);
}

describe('Assistant panel and the CRM connection', () => {
  it('shows only the connect prompt, linking to settings, in a HubSpot workspace whose user has not connected', async () => {
    openPanel(hubspotStatus({ source: 'hubspot', hub_id: 4242, user_connected: false }));
    expect(await screen.findByRole('heading', { name: 'Connect with your HubSpot account' })).toBeInTheDocument();
    expect(screen.getByText('To use Pipewise, please connect your HubSpot account to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect HubSpot' })).toHaveAttribute('href', '/dashboard/settings');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByText('Ask Me Anything?')).not.toBeInTheDocument();
  });

  it('shows the conversation once the user has connected their HubSpot login', async () => {
    openPanel(hubspotStatus({ source: 'hubspot', hub_id: 4242, user_connected: true, state: 'connected' }));
    expect(await screen.findByText('Ask Me Anything?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText('Connect with your HubSpot account')).not.toBeInTheDocument();
  });

  it('shows the conversation on the built-in CRM, where no HubSpot login is needed', async () => {
    openPanel(hubspotStatus({ source: 'builtin' }));
    expect(await screen.findByText('Ask Me Anything?')).toBeInTheDocument();
    expect(screen.queryByText('Connect with your HubSpot account')).not.toBeInTheDocument();
  });
});
