import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, json, profileFixture, signedOut } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { FIRST_PAINT_ID } from '../lib/first-paint';

/**
 * The server's first paint of a dashboard page or of /signin (#first-paint) stays over the app until
 * the app's own screen is on, and no longer: then it goes in the same commit.
 */
const firstPaint = () => document.getElementById(FIRST_PAINT_ID);

beforeEach(() => {
  const layer = document.createElement('div');
  layer.id = FIRST_PAINT_ID;
  layer.setAttribute('inert', '');
  layer.textContent = 'Prerendered frame';
  document.body.prepend(layer);
});
afterEach(() => firstPaint()?.remove());

describe('the first paint', () => {
  it('stays while the session check runs, and goes when the home screen is on', async () => {
    let answer: (r: Response) => void = () => undefined;
    fakeApi({
      'GET /api/session/profile': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/calendar/user-meetings/': () => json({ status: 'success', meetings: [] }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Checking your session')).toBeInTheDocument();
    expect(firstPaint()).not.toBeNull();

    answer(json(profileFixture()));
    expect(await screen.findByRole('region', { name: 'Upcoming Calls' })).toBeInTheDocument();
    expect(firstPaint()).toBeNull();
  });

  it('goes when a signed-out visitor is sent to /signin', async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    renderApp('/dashboard/deals');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(firstPaint()).toBeNull();
  });

  it("on /signin (the form's first paint), goes when the app's own form is on", async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    renderApp('/signin');
    const heading = await screen.findByRole('heading', { name: 'Sign in' });
    expect(firstPaint()).toBeNull();
    expect(heading).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
  });

  it('goes with the error screen when the session check fails', async () => {
    fakeApi({ 'GET /api/session/profile': () => json({ detail: 'Server error' }, 500) });
    renderApp('/dashboard');
    expect(await screen.findByText('Failed to fetch user profile. Please try again.')).toBeInTheDocument();
    expect(firstPaint()).toBeNull();
  });
});
