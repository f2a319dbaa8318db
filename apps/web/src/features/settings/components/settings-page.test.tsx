import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

function signedIn(role = 'admin') {
  fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role })),
    'GET /api/users': () => json({ data: [] }),
    'GET /api/registration-requests': () => json({ data: [] }),
  });
}

const menu = () => screen.getByRole('navigation', { name: 'Settings' });

describe('Settings page', () => {
  it('opens on General with the menu entry marked current', async () => {
    signedIn();
    renderApp('/dashboard/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    const links = within(menu()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['General', 'Users', 'Pipelines', 'Integrations']);
    expect(within(menu()).getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('keeps the section in the URL and leaves other parameters (an OAuth return) untouched', async () => {
    signedIn();
    const { router } = renderApp('/dashboard/settings?section=general&code=abc&source=hubspot&scope=x%20y');
    await screen.findByRole('heading', { level: 2, name: 'General' });
    fireEvent.click(within(menu()).getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Users' })).toHaveFocus();
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ code: 'abc', source: 'hubspot', scope: 'x y', section: 'users' });
    expect(within(menu()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

    await router.navigate(-1);
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
  });

  it('falls back to General for an unknown section', async () => {
    signedIn();
    renderApp('/dashboard/settings?section=billing');
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
  });

  it('shows the three integration cards', async () => {
    signedIn('user');
    renderApp('/dashboard/settings?section=integrations');
    expect(await screen.findByRole('heading', { level: 2, name: 'Integrations' })).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem').filter((li) => li.classList.contains('integration-card'));
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Google', 'HubSpot', 'WhatsApp']);
    // Each card's states are covered in google-card, hubspot-card and whatsapp-card tests.
    expect(within(cards[0]!).getByText(/Mail and calendar/)).toBeInTheDocument();
  });
});
