import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  HUBSPOT_CONNECT_MESSAGES as MSG,
  HUBSPOT_REDIRECT_PATH,
  HUBSPOT_STATE_PREFIX,
  hubspotOtherPortalMessage,
  builtinDealsMessage,
  type THubspotExchangeResponse,
  type THubspotStatus,
  type TSyncNowResponse,
} from '@pipewise/contract/integrations';
import type { HubspotOAuth, HubspotTokens } from '../../adapters/hubspot/hubspot-oauth';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/http-error';
import { sha256Hex } from '../../lib/secrets';
import type { Caller } from '../access/access-rules';
import { refusal, refusalError } from '../access/policies';
import type { HubspotConnectionsRepo } from './hubspot-connections-repo';
import { syncProgressOf } from './sync-progress';
import type { HubspotTokenStore } from './hubspot-tokens';

const STATE_TTL_MS = 10 * 60_000;
const random = (bytes = 32) => randomBytes(bytes).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Where HubSpot sends the browser back (register exactly this with the HubSpot app). */
export const hubspotRedirectUri = (appUrl: string) => `${appUrl}${HUBSPOT_REDIRECT_PATH}`;

/**
 * Connecting HubSpot (decisions 4, 5 and 10): tokens stay here, encrypted; the first admin login
 * binds the workspace to its portal and starts the import; everyone else then connects their own
 * login of that portal, and a login of another portal is refused.
 */
export function createHubspotConnectService(deps: {
  oauth: HubspotOAuth | undefined;
  connections: HubspotConnectionsRepo;
  tokens: HubspotTokenStore;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Deals made in Pipewise (no HubSpot id) in the workspace: connecting over them needs the admin's confirmation. */
  builtInDeals(organizationId: string): Promise<number>;
  /** Queues a pull of the workspace (`full` for the first import); false when one is already queued. */
  queueSync(organizationId: string, full: boolean): Promise<boolean>;
}) {
  const redirectUri = hubspotRedirectUri(deps.appUrl);
  const requireOAuth = () => {
    if (!deps.oauth) throw conflict(MSG.notConfigured);
    return deps.oauth;
  };

  async function status(caller: Caller): Promise<THubspotStatus> {
    const [connection, workspace] = await Promise.all([
      deps.connections.find(caller.id),
      deps.connections.workspace(caller.organizationId),
    ]);
    const configured = Boolean(deps.oauth);
    const state = !configured ? 'not_configured' : !connection ? 'not_connected' : connection.state === 'broken' ? 'broken' : 'connected';
    return {
      configured,
      state,
      hub_id: workspace?.accountId ?? null,
      user_connected: connection?.state === 'active',
      source: workspace ? 'hubspot' : 'builtin',
      last_synced_at: workspace?.lastSyncedAt?.toISOString() ?? null,
      sync: syncProgressOf(workspace),
      builtin_deals: workspace ? 0 : await deps.builtInDeals(caller.organizationId),
    };
  }

  /** Best effort: HubSpot forgets a login we will not keep. */
  async function revokeQuietly(tokens: { refreshToken: string | null; accessToken: string }) {
    try {
      if (tokens.refreshToken) await deps.oauth?.revoke(tokens.refreshToken, 'refresh_token');
    } catch (e) {
      deps.log.warn({ err: { message: (e as Error).message } }, 'hubspot: revocation failed');
    }
  }

  return {
    status,

    /** HubSpot's authorize page; the state is bound to this browser by `browserSecret` (an HttpOnly cookie). */
    async authorizeUrl(caller: Caller, confirmedBuiltInDeals = false): Promise<{ url: string; browserSecret: string }> {
      const oauth = requireOAuth();
      // The connect that would bind the workspace: its built-in deals are archived with their pipelines
      // (docs/decisions/0018), so the admin must have said yes to that first.
      if (!confirmedBuiltInDeals && !(await deps.connections.workspace(caller.organizationId))) {
        const count = await deps.builtInDeals(caller.organizationId);
        if (count > 0) throw conflict(builtinDealsMessage(count));
      }
      const state = `${HUBSPOT_STATE_PREFIX}${random()}`;
      const codeVerifier = random();
      const browserSecret = random();
      await deps.connections.addState({
        state,
        userId: caller.id,
        browserHash: sha256Hex(browserSecret),
        codeVerifier,
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      });
      return { url: oauth.authorizationUrl({ state, codeChallenge: challengeOf(codeVerifier), redirectUri }), browserSecret };
    },

    async exchange(
      caller: Caller,
      input: { code: string; state: string; browserSecret: string | undefined },
    ): Promise<THubspotExchangeResponse> {
      const oauth = requireOAuth();
      // Taken whatever happens next: a state works once, for the user and browser that started it, for 10 minutes.
      const pending = await deps.connections.takeState(input.state);
      const sameBrowser = input.browserSecret !== undefined && pending?.browserHash === sha256Hex(input.browserSecret);
      if (!pending || pending.userId !== caller.id || pending.expiresAt.getTime() < Date.now() || !sameBrowser) {
        throw badRequest(MSG.authFailed);
      }
      let tokens: HubspotTokens;
      let info;
      try {
        tokens = await oauth.exchangeCode({ code: input.code, codeVerifier: pending.codeVerifier, redirectUri });
        info = await oauth.introspect(tokens.accessToken, 'access_token');
      } catch (e) {
        deps.log.warn({ err: { message: (e as Error).message } }, 'hubspot connect: code exchange failed');
        throw badRequest(MSG.connectFailed);
      }
      const hubId = tokens.hubId ?? info.hubId;
      if (hubId === null) throw new HttpError(502, MSG.connectFailed);

      let workspace = await deps.connections.workspace(caller.organizationId);
      let created = false;
      // The first connection binds the workspace to this portal: an admin's (decision 10).
      const refused = refusal(caller, 'integration.connect', { workspaceBound: workspace !== undefined });
      if (refused) {
        await revokeQuietly(tokens);
        throw refusalError(refused);
      }
      if (!workspace) {
        ({ row: workspace, created } = await deps.connections.bind(caller.organizationId, hubId, caller.id).catch(async (e: unknown) => {
          // The portal's unique key: another workspace holds this portal.
          await revokeQuietly(tokens);
          deps.log.warn({ err: { message: (e as Error).message } }, 'hubspot connect: portal bound elsewhere');
          throw conflict('This HubSpot account is already connected to another Pipewise workspace.');
        }));
      }
      if (!workspace || workspace.accountId !== hubId) {
        await revokeQuietly(tokens);
        throw conflict(hubspotOtherPortalMessage(workspace?.accountId ?? 0));
      }
      const previous = await deps.connections.find(caller.id);
      await deps.connections.save({
        userId: caller.id,
        organizationId: caller.organizationId,
        accountId: hubId,
        externalUserId: info.userId,
        externalEmail: info.email,
        tokens: deps.tokens.seal(caller.id, tokens, tokens.refreshToken ? null : (previous?.refreshTokenEnc ?? null)),
      });
      if (created) await deps.queueSync(caller.organizationId, true);
      return { status: 'success', data: { connected: true, hub_id: hubId } };
    },

    /** Revokes the login at HubSpot and forgets its tokens; the workspace keeps its portal and data. */
    async disconnect(caller: Caller): Promise<THubspotStatus> {
      const connection = await deps.connections.find(caller.id);
      if (connection) {
        await revokeQuietly(deps.tokens.open(connection));
        await deps.connections.remove(caller.id);
      }
      return status(caller);
    },

    /** Sync now: queues a pull of the caller's workspace from its portal. */
    async syncNow(caller: Caller): Promise<TSyncNowResponse> {
      const workspace = await deps.connections.workspace(caller.organizationId);
      if (!workspace) throw conflict(MSG.adminFirst);
      const connection = await deps.connections.find(caller.id);
      if (!connection) throw forbidden(MSG.notConnected);
      if (connection.state === 'broken') throw conflict(MSG.broken);
      const queued = await deps.queueSync(caller.organizationId, !workspace.lastSyncedAt);
      return { queued, sync: syncProgressOf(await deps.connections.workspace(caller.organizationId)) };
    },
  };
}

export type HubspotConnectService = ReturnType<typeof createHubspotConnectService>;
