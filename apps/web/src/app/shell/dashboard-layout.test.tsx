import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json, profileFixture, signedOut } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

describe('Dashboard shell', () => {
  it('titles the header from the path and shows the fixed footer', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    renderApp('/dashboard/deals/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Deal details' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: 'a heart' })).toBeInTheDocument();
    expect(footer).toHaveTextContent('Made with in India');
  });

  it('clicking a sidebar entry navigates and sets the title to its label', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Coaching' }));
    expect(await screen.findByRole('combobox', { name: 'Period' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Coaching' })).toBeInTheDocument();
  });

  it('toggles the assistant panel from the header', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Open assistant' });
    fireEvent.click(button);
    expect(await screen.findByText('Ask Me Anything?')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Close assistant' }));
    expect(screen.queryByText('Ask Me Anything?')).not.toBeInTheDocument();
  });

  it('logs out: server call, local storage emptied, back to sign-in even when the call fails', async () => {
    let signedIn = true;
    const api = fakeApi({
      'GET /api/session/profile': () => (signedIn ? json(profileFixture()) : signedOut()),
      'POST /api/session/logout': () => {
        signedIn = false;
        return json({ detail: 'boom' }, 500);
      },
    });
    document.cookie = 'csrf_token=abc123; path=/';
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    const [logout] = callsTo(api, 'POST', '/api/session/logout');
    expect(logout?.body).toEqual({});
    expect(new Headers(logout?.init?.headers).get('X-CSRF-Token')).toBe('abc123');
  });

  it('logs out when the profile reports an invalid session', async () => {
    const api = fakeApi({
      'GET /api/session/profile': () => json(profileFixture({ session_valid: false })),
      'POST /api/session/logout': () => json({ status: 'success' }),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(api, 'POST', '/api/session/logout')).toHaveLength(1));
  });
});
