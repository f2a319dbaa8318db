import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/render-app';
import { AssistantChat } from './assistant-chat';

// A HubSpot workspace whose caller has not connected (the hook reports built-in for now).
vi.mock('../api/use-crm-connection', () => ({ useCrmConnection: () => ({ connected: false, provider: 'hubspot' }) }));

describe('Assistant panel without a CRM connection', () => {
  it('shows only the connect prompt, linking to settings', () => {
    renderScreen('/dashboard', <AssistantChat />);
    expect(screen.getByRole('heading', { name: 'Connect with your HubSpot account' })).toBeInTheDocument();
    expect(screen.getByText('To use Pipewise, please connect your HubSpot account to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect HubSpot' })).toHaveAttribute('href', '/dashboard/settings');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByText('Ask Me Anything?')).not.toBeInTheDocument();
  });
});
