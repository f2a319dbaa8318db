import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, profileFixture, signedOut } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

describe('route guards', () => {
  it('sends signed-out visitors of the dashboard to /signin', async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    const { router } = renderApp('/dashboard/deals');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('sends signed-in users away from /signin to the dashboard', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    const { router } = renderApp('/signin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      email: 'asha@acme.test',
      name: 'Asha Rao',
      firstName: 'Asha',
      lastName: 'Rao',
    });
  });

  it('redirects /pending-approval without an email in navigation state to /signin', async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    const { router } = renderApp('/pending-approval');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('shows the pending screen with the email from navigation state', async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    renderApp({ pathname: '/pending-approval', state: { email: 'new@acme.test' } });
    expect(await screen.findByRole('heading', { name: 'Thank you for your interest' })).toBeInTheDocument();
    expect(screen.getByText(/We will reach out to you soon on/)).toHaveTextContent('We will reach out to you soon on new@acme.test');
  });

  it('opens the sign-in screen at / for a signed-out visitor', async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('opens the dashboard at / when signed in', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a not-found page for unknown paths', async () => {
    fakeApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
