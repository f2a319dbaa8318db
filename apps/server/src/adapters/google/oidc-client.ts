import * as oidc from 'openid-client';
import { cachedDiscovery } from './google-discovery';

export type OidcIdentity = { email: string; emailVerified: boolean; name: string | null };
export type OidcChecks = { state: string; nonce: string; codeVerifier: string };

export interface OidcClient {
  authorizationUrl(checks: OidcChecks, redirectUri: string): Promise<string>;
  /** Exchanges the code on the callback URL (checking state, PKCE and nonce) for the verified identity. */
  identify(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>;
}

/** OpenID Connect against the configured issuer (Google by default); discovery is cached after success. */
export function createOidcClient(settings: { issuer: string; clientId: string; clientSecret: string }): OidcClient {
  const configuration = cachedDiscovery(settings);
  return {
    async authorizationUrl(checks, redirectUri) {
      const config = await configuration();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          state: checks.state,
          nonce: checks.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },
    async identify(callbackUrl, checks) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') throw new Error('The identity provider sent no email');
      return {
        email: claims.email.trim().toLowerCase(),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}
