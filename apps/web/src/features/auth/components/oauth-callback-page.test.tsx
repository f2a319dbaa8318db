import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, profileFixture, signedOut } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { OAuthCallbackPage } from './oauth-callback-page';

describe('OAuth callback', () => {
  it('stores the user and goes to the dashboard when the session cookie works', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()) });
    renderScreen('/oauth-callback', <OAuthCallbackPage />, '/oauth-callback?email=asha%40acme.test&name=Asha%20R');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: 'asha@acme.test', name: 'Asha R' });
  });

  it('hands an error to the sign-in screen', async () => {
    fakeApi({});
    renderScreen('/oauth-callback', <OAuthCallbackPage />, '/oauth-callback?error=access_denied');
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin{"error":"access_denied"}');
  });

  it("says 'No token received' when there is no session", async () => {
    fakeApi({ 'GET /api/session/profile': signedOut });
    renderScreen('/oauth-callback', <OAuthCallbackPage />, '/oauth-callback?email=a%40b.test');
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin{"error":"No token received"}');
  });
});
