import * as oidc from 'openid-client';

export type GoogleClientSettings = { issuer: string; clientId: string; clientSecret: string };

/**
 * The issuer's discovery document with the app's client, fetched on first use and kept after a
 * success (a failure is retried on the next call). Plain http is allowed only for a local issuer
 * (a stand-in in tests or development).
 */
export function cachedDiscovery(settings: GoogleClientSettings): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  return () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((e: unknown) => {
        discovered = undefined;
        throw e;
      });
    return discovered;
  };
}
