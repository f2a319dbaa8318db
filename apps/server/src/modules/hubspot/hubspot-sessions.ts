import type { PortalSession } from '../../adapters/hubspot/hubspot-client';
import type { HubspotConnectionsRepo } from './hubspot-connections-repo';
import { HubspotNotConnectedError, type HubspotTokenStore } from './hubspot-tokens';

/** Sessions on a portal for the CRM client: a user's own login (writes), or the workspace's (import, sync). */
export function createHubspotSessions(deps: {
  connections: Pick<HubspotConnectionsRepo, 'find' | 'findForWorkspace' | 'workspace'>;
  tokens: Pick<HubspotTokenStore, 'accessToken'>;
}) {
  const sessionOf = (userId: string, hubId: number, signal?: AbortSignal): PortalSession => {
    let last: string | undefined;
    return {
      hubId,
      signal,
      async token(force = false) {
        last = await deps.tokens.accessToken(userId, force ? last : undefined);
        return last;
      },
    };
  };
  return {
    async forUser(userId: string, signal?: AbortSignal): Promise<PortalSession> {
      const connection = await deps.connections.find(userId);
      if (!connection) throw new HubspotNotConnectedError('not_connected');
      if (connection.state === 'broken') throw new HubspotNotConnectedError('broken');
      return sessionOf(userId, connection.accountId, signal);
    },
    /** The workspace's portal through the binding admin's login, else any member's active one. */
    async forWorkspace(organizationId: string, signal?: AbortSignal): Promise<PortalSession> {
      const workspace = await deps.connections.workspace(organizationId);
      if (!workspace) throw new HubspotNotConnectedError('not_connected');
      const connection = await deps.connections.findForWorkspace(organizationId, workspace.boundBy);
      if (!connection) throw new HubspotNotConnectedError('broken');
      return sessionOf(connection.userId, workspace.accountId, signal);
    },
  };
}

export type HubspotSessions = ReturnType<typeof createHubspotSessions>;
