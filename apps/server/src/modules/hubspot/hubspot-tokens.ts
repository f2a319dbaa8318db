import { HubspotGrantRevokedError, type HubspotOAuth, type HubspotTokens } from '../../adapters/hubspot/hubspot-oauth';
import { createProviderTokens, ProviderNotConnectedError, type NotConnectedReason } from '../../lib/provider-tokens';
import type { HubspotConnectionsRepo } from './hubspot-connections-repo';

/** HubSpot access tokens live about 30 minutes: refresh this long before they run out. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const WAIT_STEP_MS = 150;
const WAIT_MAX_MS = 35_000;

/** No usable token: no connection, or HubSpot refused the refresh (the connection is now broken). */
export class HubspotNotConnectedError extends ProviderNotConnectedError {
  constructor(reason: NotConnectedReason) {
    super('HubSpot', reason);
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
  const {
    seal,
    open,
    access: accessOf,
    due,
    usable,
    refresh,
  } = createProviderTokens<HubspotTokens>({
    key: deps.key,
    refreshMarginMs: REFRESH_MARGIN_MS,
    oauth: deps.oauth,
    isRevoked: (e) => e instanceof HubspotGrantRevokedError,
    notConnected: (reason) => new HubspotNotConnectedError(reason),
    // Ends the lease, with the new tokens or without (broken when HubSpot refused the grant).
    settle: (userId, outcome) =>
      deps.connections.finishRefresh(userId, outcome.tokens ? outcome.sealed : null, !outcome.tokens && outcome.broken),
  });

  /**
   * A usable access token for the user. `rejected`: a token HubSpot just refused (401), so a
   * refresh happens even when the stored expiry says it is still good.
   */
  async function accessToken(userId: string, rejected?: string): Promise<string> {
    for (let waited = 0; ; waited += WAIT_STEP_MS) {
      const row = usable(await deps.connections.find(userId));
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
        return refresh(held);
      }
      if (waited > WAIT_MAX_MS) throw new Error('HubSpot token refresh is taking too long');
      await deps.sleep(WAIT_STEP_MS);
    }
  }

  return {
    seal,
    accessToken,
    open,
  };
}

export type HubspotTokenStore = ReturnType<typeof createHubspotTokens>;
