import * as oidc from 'openid-client';
import { cachedDiscovery } from './google-discovery';

/** What Google grants: openid email (who), Gmail drafts, and the calendar's events (read for the sync, write for calls booked here). */
export const GOOGLE_SCOPES = {
  mail: 'https://www.googleapis.com/auth/gmail.compose',
  calendar: 'https://www.googleapis.com/auth/calendar.events',
  /** Lets a Drive link the user can open be uploaded as a recording (private files included). */
  drive: 'https://www.googleapis.com/auth/drive.readonly',
} as const;
export const GOOGLE_CONNECT_SCOPE = ['openid', 'email', GOOGLE_SCOPES.mail, GOOGLE_SCOPES.calendar, GOOGLE_SCOPES.drive].join(' ');

export type GoogleTokens = {
  accessToken: string;
  /** Only sent on a consent (and sometimes on a refresh); null keeps the one stored. */
  refreshToken: string | null;
  expiresAt: Date | null;
  /** The scopes granted, when the token endpoint says (Google does). */
  scopes: string[] | null;
  /** The Google account's address, from the verified id_token. */
  email: string | null;
};

/** Google refused the refresh token: the user revoked access or the grant expired. */
export class GoogleGrantRevokedError extends Error {
  override name = 'GoogleGrantRevokedError';
}

export interface GoogleOAuth {
  authorizationUrl(input: { state: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  /** Exchanges the code at the discovery document's token endpoint, proving the PKCE verifier. */
  exchangeCode(input: { code: string; state: string; codeVerifier: string; redirectUri: string }): Promise<GoogleTokens>;
  /** A new access token; GoogleGrantRevokedError on invalid_grant. */
  refresh(refreshToken: string): Promise<GoogleTokens>;
  /** Revokes the grant where the provider has a revocation endpoint; false when it has none. */
  revoke(token: string): Promise<boolean>;
}

/** OAuth 2 against GOOGLE_ISSUER's discovery document (cached after success) with the app's client. */
export function createGoogleOAuth(settings: { issuer: string; clientId: string; clientSecret: string }): GoogleOAuth {
  const configuration = cachedDiscovery(settings);

  const toTokens = (response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): GoogleTokens => {
    const expiresIn = response.expiresIn();
    const claims = response.id_token ? response.claims() : undefined;
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? null,
      expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
      scopes: typeof response.scope === 'string' ? response.scope.split(/\s+/).filter(Boolean) : null,
      email: typeof claims?.email === 'string' ? claims.email.toLowerCase() : null,
    };
  };

  return {
    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      return oidc
        .buildAuthorizationUrl(await configuration(), {
          redirect_uri: redirectUri,
          scope: GOOGLE_CONNECT_SCOPE,
          response_type: 'code',
          state,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          // A refresh token, and the consent screen every time so Google sends one again.
          access_type: 'offline',
          prompt: 'consent',
          include_granted_scopes: 'true',
        })
        .toString();
    },
    async exchangeCode({ code, state, codeVerifier, redirectUri }) {
      const callback = new URL(redirectUri);
      callback.search = new URLSearchParams({ code, state }).toString();
      const response = await oidc.authorizationCodeGrant(await configuration(), callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      return toTokens(response);
    },
    async refresh(refreshToken) {
      try {
        return toTokens(await oidc.refreshTokenGrant(await configuration(), refreshToken));
      } catch (e) {
        if (e instanceof oidc.ResponseBodyError && e.error === 'invalid_grant')
          throw new GoogleGrantRevokedError(e.error_description ?? e.error);
        throw e;
      }
    },
    async revoke(token) {
      const config = await configuration();
      if (!config.serverMetadata().revocation_endpoint) return false;
      await oidc.tokenRevocation(config, token);
      return true;
    },
  };
}
