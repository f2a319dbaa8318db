import { GoogleGrantRevokedError, type GoogleOAuth, type GoogleTokens } from '../../adapters/google/google-oauth';
import { decryptSecret, openTokens, sealTokens } from '../../lib/secrets';
import type { GoogleConnectionRow, GoogleConnectionsRepo, SealedTokens } from './google-connections-repo';

/** Refresh this long before the access token runs out, so a call never starts with a dying token. */
const REFRESH_MARGIN_MS = 2 * 60_000;

/** Why no access token could be had: no connection, or Google refused the grant (the connection is now broken). */
export class GoogleNotConnectedError extends Error {
  override name = 'GoogleNotConnectedError';
  constructor(readonly reason: 'not_connected' | 'broken') {
    super(reason === 'broken' ? 'The Google connection was revoked' : 'Google is not connected');
  }
}

/** Seals and opens a user's tokens (AES-256-GCM bound to the user id) and refreshes them when due. */
export function createGoogleTokens(deps: {
  key: Buffer;
  oauth: GoogleOAuth | undefined;
  connections: Pick<GoogleConnectionsRepo, 'find' | 'updateTokens' | 'markBroken'>;
}) {
  const seal = (userId: string, tokens: GoogleTokens, keepRefresh: string | null): SealedTokens =>
    sealTokens(deps.key, userId, tokens, keepRefresh);

  async function refresh(connection: GoogleConnectionRow): Promise<string> {
    if (!deps.oauth || !connection.refreshTokenEnc) {
      await deps.connections.markBroken(connection.userId);
      throw new GoogleNotConnectedError('broken');
    }
    try {
      const tokens = await deps.oauth.refresh(decryptSecret(deps.key, connection.refreshTokenEnc, connection.userId));
      await deps.connections.updateTokens(connection.userId, {
        ...seal(connection.userId, tokens, connection.refreshTokenEnc),
        ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
      });
      return tokens.accessToken;
    } catch (e) {
      if (!(e instanceof GoogleGrantRevokedError)) throw e;
      await deps.connections.markBroken(connection.userId);
      throw new GoogleNotConnectedError('broken');
    }
  }

  return {
    seal,
    /** A usable access token for the user, refreshed first when it expires soon (or when `force`). */
    async accessToken(userId: string, options: { force?: boolean } = {}): Promise<string> {
      const connection = await deps.connections.find(userId);
      if (!connection) throw new GoogleNotConnectedError('not_connected');
      if (connection.state === 'broken') throw new GoogleNotConnectedError('broken');
      const expiresSoon = connection.accessExpiresAt !== null && connection.accessExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
      if (options.force || expiresSoon) return refresh(connection);
      return decryptSecret(deps.key, connection.accessTokenEnc, userId);
    },
    /** Both stored tokens in clear, for revocation at disconnect. */
    open: (connection: GoogleConnectionRow) => openTokens(deps.key, connection.userId, connection),
  };
}

export type GoogleTokenStore = ReturnType<typeof createGoogleTokens>;
