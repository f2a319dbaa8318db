import { GOOGLE_SCOPES } from '../../adapters/google/google-oauth';
import type { DriveTokenSource } from '../../adapters/google/drive-download';
import type { GoogleConnectionsRepo } from './google-connections-repo';
import type { GoogleTokenStore } from './google-tokens';

/**
 * The uploader's Google access token for a Drive link, when their connection granted Drive:
 * otherwise none, and the file downloads only if it is shared with anyone who has the link.
 * A connection that cannot give a token (broken, refresh refused) counts as none.
 */
export function googleDriveTokens(
  connections: Pick<GoogleConnectionsRepo, 'find'>,
  tokens: Pick<GoogleTokenStore, 'accessToken'>,
): DriveTokenSource {
  return {
    async accessTokenFor(userId) {
      const connection = await connections.find(userId);
      if (!connection || connection.state === 'broken' || !connection.scopes.includes(GOOGLE_SCOPES.drive)) return undefined;
      return tokens.accessToken(userId).catch(() => undefined);
    },
  };
}
