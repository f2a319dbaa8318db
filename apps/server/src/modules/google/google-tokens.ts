import { GoogleGrantRevokedError, type GoogleOAuth, type GoogleTokens } from '../../adapters/google/google-oauth';
import { createProviderTokens, ProviderNotConnectedError, type NotConnectedReason } from '../../lib/provider-tokens';
import type { GoogleConnectionsRepo } from './google-connections-repo';

/** Refresh this long before the access token runs out, so a call never starts with a dying token. */
const REFRESH_MARGIN_MS = 2 * 60_000;

/** Why no access token could be had: no connection, or Google refused the grant (the connection is now broken). */
export class GoogleNotConnectedError extends ProviderNotConnectedError {
  constructor(reason: NotConnectedReason) {
    super('Google', reason);
  }
}

/** Seals and opens a user's tokens (AES-256-GCM bound to the user id) and refreshes them when due. */
export function createGoogleTokens(deps: {
  key: Buffer;
  oauth: GoogleOAuth | undefined;
  connections: Pick<GoogleConnectionsRepo, 'find' | 'updateTokens' | 'markBroken'>;
}) {
  const tokens = createProviderTokens<GoogleTokens>({
    key: deps.key,
    refreshMarginMs: REFRESH_MARGIN_MS,
    oauth: deps.oauth,
    isRevoked: (e) => e instanceof GoogleGrantRevokedError,
    notConnected: (reason) => new GoogleNotConnectedError(reason),
    // New tokens are kept with the scopes when Google names them; a refused grant breaks the connection.
    async settle(userId, outcome) {
      if (outcome.tokens) {
        const { scopes } = outcome.tokens;
        await deps.connections.updateTokens(userId, { ...outcome.sealed, ...(scopes ? { scopes } : {}) });
      } else if (outcome.broken) await deps.connections.markBroken(userId);
    },
  });

  return {
    seal: tokens.seal,
    /** A usable access token for the user, refreshed first when it expires soon (or when `force`). */
    async accessToken(userId: string, options: { force?: boolean } = {}): Promise<string> {
      const connection = tokens.usable(await deps.connections.find(userId));
      if (options.force || tokens.due(connection)) return tokens.refresh(connection);
      return tokens.access(connection);
    },
    open: tokens.open,
  };
}

export type GoogleTokenStore = ReturnType<typeof createGoogleTokens>;
