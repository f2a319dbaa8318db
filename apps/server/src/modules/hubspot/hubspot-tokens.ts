import { HubspotGrantRevokedError, type HubspotOAuth, type HubspotTokens } from '../../adapters/hubspot/hubspot-oauth';
import { decryptSecret, openTokens, sealTokens } from '../../lib/secrets';
import type { ConnectionRow, HubspotConnectionsRepo, SealedTokens } from './hubspot-connections-repo';

/** HubSpot access tokens live about 30 minutes: refresh this long before they run out. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const WAIT_STEP_MS = 150;
const WAIT_MAX_MS = 35_000;

/** No usable token: no connection, or HubSpot refused the refresh (the connection is now broken). */
export class HubspotNotConnectedError extends Error {
  override name = 'HubspotNotConnectedError';
  constructor(readonly reason: 'not_connected' | 'broken') {
    super(reason === 'broken' ? 'HubSpot refused the connection' : 'HubSpot is not connected');
  }
}

/**
 * Seals a user's HubSpot tokens (AES-256-GCM bound to the user id) and hands out a usable access
 * token, refreshed from `expires_in` before it runs out. One process refreshes at a time (a lease
 * on the row); the others wait for it and use what it stored, so a refresh token is never spent twice.
 */
export function createHubspotTokens(deps: {
  key: Buffer;
  oauth: HubspotOAuth | undefined;
  connections: Pick<HubspotConnectionsRepo, 'find' | 'claimRefresh' | 'finishRefresh'>;
  sleep(ms: number): Promise<void>;
}) {
  const seal = (userId: string, tokens: HubspotTokens, keepRefresh: string | null): SealedTokens =>
    sealTokens(deps.key, userId, tokens, keepRefresh);
  const accessOf = (row: ConnectionRow) => decryptSecret(deps.key, row.accessTokenEnc, row.userId);
  const due = (row: ConnectionRow) => row.accessExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;

  async function refreshHeld(row: ConnectionRow): Promise<string> {
    if (!deps.oauth || !row.refreshTokenEnc) {
      await deps.connections.finishRefresh(row.userId, null, true);
      throw new HubspotNotConnectedError('broken');
    }
    try {
      const tokens = await deps.oauth.refresh(decryptSecret(deps.key, row.refreshTokenEnc, row.userId));
      await deps.connections.finishRefresh(row.userId, seal(row.userId, tokens, row.refreshTokenEnc));
      return tokens.accessToken;
    } catch (e) {
      const revoked = e instanceof HubspotGrantRevokedError;
      await deps.connections.finishRefresh(row.userId, null, revoked);
      throw revoked ? new HubspotNotConnectedError('broken') : e;
    }
  }

  /**
   * A usable access token for the user. `rejected`: a token HubSpot just refused (401), so a
   * refresh happens even when the stored expiry says it is still good.
   */
  async function accessToken(userId: string, rejected?: string): Promise<string> {
    for (let waited = 0; ; waited += WAIT_STEP_MS) {
      const row = await deps.connections.find(userId);
      if (!row) throw new HubspotNotConnectedError('not_connected');
      if (row.state === 'broken') throw new HubspotNotConnectedError('broken');
      const current = accessOf(row);
      const stale = rejected !== undefined && current === rejected;
      if (!stale && !due(row)) return current;
      const held = await deps.connections.claimRefresh(userId);
      if (held) {
        // Someone may have refreshed between the read and the claim: use theirs.
        const fresh = accessOf(held);
        if (!(rejected !== undefined && fresh === rejected) && !due(held)) {
          await deps.connections.finishRefresh(userId, null);
          return fresh;
        }
        return refreshHeld(held);
      }
      if (waited > WAIT_MAX_MS) throw new Error('HubSpot token refresh is taking too long');
      await deps.sleep(WAIT_STEP_MS);
    }
  }

  return {
    seal,
    accessToken,
    /** Both tokens in clear, for revocation at disconnect. */
    open: (row: ConnectionRow) => openTokens(deps.key, row.userId, row),
  };
}

export type HubspotTokenStore = ReturnType<typeof createHubspotTokens>;
